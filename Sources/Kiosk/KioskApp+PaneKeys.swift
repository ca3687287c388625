import Raster

extension KioskApp {
    /// The graph pane's keys on the screen now, with their rects: Back while the graph is pushed, Tools, Fit
    /// and Reset, then the tool bar's while it shows (for scripts, benchmarks and the soak's visitors); none
    /// while the calculator covers the graph.
    public var paneKeys: [(key: PaneKey, rect: IntRect)] {
        guard isGraphVisible else { return [] }
        var keys: [(key: PaneKey, rect: IntRect)] = []
        if isGraphPushed, let back = layout.backKey { keys.append((.back, back)) }
        keys += [(.tools, layout.toolsKey), (.fit, layout.fitKey), (.reset, layout.resetKey)]
        if tools.isOpen { keys += ToolBarView.keys(tools, layout: layout).map { ($0.key, $0.rect) } }
        return keys
    }
}
