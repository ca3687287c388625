import CalculatorBrain
import Grapher

extension KioskApp {
    /// Loads the last state; anything unreadable is set aside as evidence and replaced by defaults.
    func restore() {
        let bytes: [UInt8]?
        do {
            bytes = try storage.load()
        } catch let error as StateUnavailable {
            // Nothing is known to be wrong with the file: keep it for the next start, and do not save over it.
            messages.append("calx: cannot read the state now (\(brief(error))); keeping it, and not saving this session")
            savingDisabled = true
            return
        } catch {
            messages.append("calx: cannot read the state (\(brief(error))); starting afresh")
            setAsideEvidence()
            return
        }
        guard let bytes else { return }
        do {
            let state = try PersistedState.decode(bytes)
            if let calculator = state.calculator { try model.restore(calculator) }
            graph = state.graph
            // Viewport's initialiser clamps whatever the file says into the range it can draw.
            let v = state.viewport
            viewport = Viewport(originOffsetX: v.originOffsetX, originOffsetY: v.originOffsetY,
                                pixelsPerUnitX: v.pixelsPerUnitX, pixelsPerUnitY: v.pixelsPerUnitY)
            isGraphPushed = state.graphPushed && layout.mode == .stacked && graph != nil
        } catch {
            messages.append("calx: the state is unreadable (\(brief(error))); starting afresh")
            // The model may hold half of the bad state: start it over.
            _ = model.press(.clear)
            graph = nil
            viewport = .standard
            isGraphPushed = false
            setAsideEvidence()
        }
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

    /// Writes the state now, skipping the debounce (SIGTERM, shutdown).
    public func saveNow() {
        saveDeadline = nil
        guard !savingDisabled else { return }
        do {
            let state = PersistedState(
                calculator: model.state,
                graph: graph,
                viewport: viewport, graphPushed: isGraphPushed)
            try storage.save(try state.encoded())
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
