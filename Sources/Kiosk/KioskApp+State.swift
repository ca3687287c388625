import Grapher

/// The state file: what the kiosk keeps across restarts, saved after a debounce and restored at start.
extension KioskApp {
    /// Something worth keeping changed: save after the debounce.
    func stateChanged() {
        keeper.changed(at: clock)
    }

    /// Takes over the last saved state; one the controller refuses is set aside and defaults used.
    func restore() {
        guard let state = keeper.load() else { return }
        do {
            if let calculator = state.calculator { try model.restore(calculator) }
            session.curves = GraphedCurves(restoring: state.curves.map { ($0.graph, $0.color, $0.hidden) })
            // Viewport's initialiser clamps whatever the file says into the range it can draw.
            let v = state.viewport
            session.viewport = Viewport(originOffsetX: v.originOffsetX, originOffsetY: v.originOffsetY,
                                        pixelsPerUnitX: v.pixelsPerUnitX, pixelsPerUnitY: v.pixelsPerUnitY)
            session.isPushed = state.graphPushed && layout.mode == .stacked && graph != nil
        } catch {
            // The model may hold half of the bad state: start it over.
            _ = model.press(.clear)
            keeper.reject(error)
        }
    }

    /// Writes the state now, skipping the debounce (SIGTERM, shutdown).
    public func saveNow() {
        let saved = session.curves.curves.map { PersistedState.CurveRecord(graph: $0.program, color: $0.colorIndex, hidden: $0.isHidden) }
        keeper.save(PersistedState(calculator: model.state, curves: saved, viewport: session.viewport, graphPushed: session.isPushed))
    }
}
