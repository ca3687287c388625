/// One ordered log of what the fakes were asked to do, across console, display and client.
final class CallLog {
    var calls: [String] = []
    func take() -> [String] { defer { calls = [] }; return calls }
}
