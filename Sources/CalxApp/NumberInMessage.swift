extension Double {
    /// A number a refusal repeats back to the user as they would have typed it: the shortest digits that give
    /// the same Double, without Swift's trailing ".0" ("got 1 and 0", not "got 1.0 and 0.0").
    var inMessage: String {
        let shortest = description
        return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
    }
}
