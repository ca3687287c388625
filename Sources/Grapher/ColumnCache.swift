/// The sampler's memory of columns at one scale: each column's events and the function's value at each
/// column boundary, for a window of consecutive column numbers around the screen.
/// Plain arrays indexed from the window's first column: a pan frame looks up hundreds of columns,
/// and hashing each one cost more than sampling the strip a pan reveals.
struct ColumnCache {
    private(set) var firstKey = 0
    private var columns: [CurveSampler.Column?] = []
    /// Boundary k's value sits at k - firstKey; one more boundary than columns.
    private var values: [Double?] = [nil]

    /// Columns held (for reporting).
    var count: Int { columns.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    mutating func removeAll() {
        for i in columns.indices { columns[i] = nil }
        for i in values.indices { values[i] = nil }
    }

    /// Makes room for columns first..<last, keeping what lies inside the new window. The window is the
    /// visible run widened by its own width on each side, so panning back and forth finds its samples,
    /// and it moves only when the screen leaves it.
    mutating func cover(_ first: Int, _ last: Int) {
        let needed = last - first
        if first >= firstKey && last <= firstKey + columns.count && columns.count <= 3 * needed + 2 { return }
        let newFirst = first - needed
        let newCount = 3 * needed
        var newColumns = [CurveSampler.Column?](repeating: nil, count: newCount)
        var newValues = [Double?](repeating: nil, count: newCount + 1)
        let overlapStart = max(newFirst, firstKey), overlapEnd = min(newFirst + newCount, firstKey + columns.count)
        if overlapStart < overlapEnd {
            for k in overlapStart..<overlapEnd {
                newColumns[k - newFirst] = columns[k - firstKey]
            }
            for k in overlapStart...overlapEnd { newValues[k - newFirst] = values[k - firstKey] }
        }
        firstKey = newFirst
        columns = newColumns
        values = newValues
    }

    func column(_ k: Int) -> CurveSampler.Column? {
        let i = k - firstKey
        return i >= 0 && i < columns.count ? columns[i] : nil
    }

    mutating func store(_ column: CurveSampler.Column, at k: Int) {
        let i = k - firstKey
        if i >= 0 && i < columns.count { columns[i] = column }
    }

    func value(_ k: Int) -> Double? {
        let i = k - firstKey
        return i >= 0 && i < values.count ? values[i] : nil
    }

    mutating func store(value: Double, at k: Int) {
        let i = k - firstKey
        if i >= 0 && i < values.count { values[i] = value }
    }
}
