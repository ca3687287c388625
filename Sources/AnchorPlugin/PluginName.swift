/// The bench-peers plugin ABI: the name the harness prints for our lines.
/// A static string literal lives for the whole process, which the ABI requires.
@_cdecl("anchor_plugin_name")
public func anchorPluginName() -> UnsafePointer<CChar> {
    UnsafeRawPointer(GraphSceneMode.current.pluginName.utf8Start).assumingMemoryBound(to: CChar.self)
}
