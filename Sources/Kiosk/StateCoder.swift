/// How the state file's payload becomes bytes and back. The kiosk defines its state as Codable and
/// frames the file itself (header, checksum, bounds); the coder is the format of the payload inside,
/// which calx supplies (JSON through Foundation), so the kiosk imports no Foundation.
public protocol StateCoder {
    /// The same value encodes to the same bytes (calx's JSON sorts its keys), so the checksum is stable.
    func encode<Value: Encodable>(_ value: Value) throws -> [UInt8]
    func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value
}
