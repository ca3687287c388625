/// Where a value sits in a YAML document: the keys and sequence positions from the top.
public enum YAMLPathComponent: Equatable, Sendable {
    case key(String)
    case index(Int)
}

/// A flow collection (`[1, 2]`, `{time: 1.5, type: X}`) or a scalar inside one.
public indirect enum YAMLFlow: Equatable, Sendable {
    case scalar(String)
    case sequence([YAMLFlow])
    case mapping([YAMLFlowEntry])
}

public struct YAMLFlowEntry: Equatable, Sendable {
    public var key: String
    public var value: YAMLFlow
}

/// A leaf of the document as the reader hands it on: a scalar, a flow collection, or nothing (`key:` or `-`
/// with no block under it).
public enum YAMLLeaf: Equatable, Sendable {
    case scalar(String)
    case flow(YAMLFlow)
    case empty
}
