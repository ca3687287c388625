#if canImport(Glibc)
import Glibc
#endif

/// How the plugin draws the bench "graph" scene, chosen once per process by CALX_ANCHOR_GRAPH:
/// - `columns` (default): exactly the scene's rule, one sample per column at i + 0.5, split where it jumps.
/// - `grapher`: through Grapher's own sampler with the program's interval checks (adaptive samples,
///   certain breaks at poles), every frame sampled afresh: the cost of a full frame.
/// - `grapher-pan`: the same, keeping the samples between frames: the scene's window pans at one
///   scale, so a frame samples only the strip it reveals, as a kiosk pan frame does.
enum GraphSceneMode: String {
    case columns, grapher
    case grapherPan = "grapher-pan"

    static let current: GraphSceneMode = {
        guard let raw = getenv("CALX_ANCHOR_GRAPH") else { return .columns }
        return GraphSceneMode(rawValue: String(cString: raw)) ?? .columns
    }()

    /// The name the harness prints on our lines, so runs of different modes never mix.
    var pluginName: StaticString {
        switch self {
        case .columns: "calx"
        case .grapher: "calx-grapher"
        case .grapherPan: "calx-grapher-pan"
        }
    }
}
