/// Keeps the kiosk's state between runs: loads it once, saves it a moment after the last change
/// (the debounce), and sets aside a file it cannot read as evidence. It knows the state file, not the screen.
final class StateKeeper {
    let storage: any StateStorage
    let coder: any StateCoder
    /// When the debounced save is due, or nil when nothing waits to be saved.
    private(set) var saveDeadline: Double?
    /// Set when the stored file must not be overwritten (kept for the next start, or as evidence).
    private(set) var savingDisabled = false
    /// Log lines for the caller to print (corrupt state set aside, save failures).
    var messages: [String] = []
    static let saveDelay = 0.5

    init(storage: any StateStorage, coder: any StateCoder) {
        self.storage = storage
        self.coder = coder
    }

    /// The last saved state, or nil when there is none or it cannot be read (then it says why,
    /// and sets an unreadable file aside).
    func load() -> PersistedState? {
        let bytes: [UInt8]?
        do {
            bytes = try storage.load()
        } catch let error as StateUnavailable {
            // Nothing is known to be wrong with the file: keep it for the next start, and do not save over it.
            messages.append("calx: cannot read the state now (\(brief(error))); keeping it, and not saving this session")
            savingDisabled = true
            return nil
        } catch {
            messages.append("calx: cannot read the state (\(brief(error))); starting afresh")
            setAsideEvidence()
            return nil
        }
        guard let bytes else { return nil }
        do {
            return try PersistedState.decode(bytes, by: coder)
        } catch {
            reject(error)
            return nil
        }
    }

    /// A loaded state that turned out unreadable (the controller refused it): set the file aside.
    func reject(_ error: any Error) {
        messages.append("calx: the state is unreadable (\(brief(error))); starting afresh")
        setAsideEvidence()
    }

    private func setAsideEvidence() {
        do {
            let place = try storage.setAside()
            messages.append("calx: moved the unreadable state to \(place)")
        } catch {
            // Keep the evidence: better not to save than to overwrite it.
            savingDisabled = true
            messages.append("calx: cannot move the unreadable state aside (\(brief(error))); not saving this session")
        }
    }

    /// Something worth keeping changed at `time`: save after the debounce.
    func changed(at time: Double) {
        saveDeadline = time + Self.saveDelay
    }

    /// Whether the debounced save is due by `time`.
    func isSaveDue(at time: Double) -> Bool {
        saveDeadline.map { time >= $0 } ?? false
    }

    /// Writes `state` now, skipping the debounce.
    func save(_ state: PersistedState) {
        saveDeadline = nil
        guard !savingDisabled else { return }
        do {
            try storage.save(try state.encoded(by: coder))
        } catch {
            messages.append("calx: cannot save the state (\(brief(error)))")
        }
    }

    /// An error as a log line: a decoder's message can quote the hostile file itself, so it is cut short.
    private func brief(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count <= 200 ? text : text.prefix(200) + "…"
    }
}
