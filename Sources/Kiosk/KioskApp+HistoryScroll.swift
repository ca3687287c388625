/// The history list scrolled by a drag: 20 results in the 5 or 6 rows the keypad has room for.
extension KioskApp {
    /// The row shown first: the drag so far in whole rows, from the newest to where the oldest shows last.
    public var historyFirst: Int {
        let rows = screen.history, count = model.state.history.entries.count
        return min(max(0, Int((-historyScroll / rows.rowPitch).rounded())), rows.lastFirst(entryCount: count))
    }

    /// Follows a drag on the list: up shows older results. The scroll stops at either end, so a drag back
    /// moves the list at once.
    func scrollHistory(by dy: Double) {
        let rows = screen.history
        let farthest = Double(rows.lastFirst(entryCount: model.state.history.entries.count)) * rows.rowPitch
        historyScroll = min(0, max(-farthest, historyScroll + dy))
    }
}
