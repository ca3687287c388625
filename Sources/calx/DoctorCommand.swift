#if canImport(Glibc)
import Glibc
#endif
import Platform
import Typeface

/// `calx doctor`: what Calx would use on this machine, and how to fix what is missing.
func runDoctorCommand(_ arguments: [String]) -> Int32 {
    var missing = 0
    let cards = DRMProbe.cardPaths()
    if cards.isEmpty {
        print("display: MISSING no /dev/dri/card* (load a KMS driver, e.g. virtio-gpu, i915, vc4; or boot with a GPU)")
        missing += 1
    }
    var connected = false
    for card in cards {
        for line in DRMProbe.describe(card: card) { print("display: \(line)"); connected = connected || line.contains(": connected") }
    }
    if !cards.isEmpty && !connected { print("display: MISSING no connected connector (plug in a screen)"); missing += 1 }
    // Neither is required: without them Calx still runs, with the limits the lines say.
    print("console: \(VirtualTerminal.describeConsole())")
    if let monitor = DRMUeventMonitor() {
        print("hotplug: drm uevents (kernel netlink): a screen plugged in later is set up")
        monitor.close()
    } else {
        print("hotplug: unavailable (no netlink uevent socket): a screen plugged in later is not noticed")
    }
    let inputs = InputDevice.eventPaths().compactMap { InputDevice.describe(path: $0) }
    for line in inputs { print("input: \(line)") }
    if inputs.isEmpty {
        print("input: MISSING no usable /dev/input/event* (touchscreen, tablet or keyboard; run as root or join group input)")
        missing += 1
    }
    do { let face = try Typeface.default(); print("font: \(face.path)") } catch {
        print("font: MISSING \(error) (apt-get install fonts-dejavu-core)")
        missing += 1
    }
    let state = RunOptions.statePath(flag: nil, environment: environmentValue)
    print("state: \(state ?? "MISSING (set STATE_DIRECTORY, XDG_STATE_HOME or HOME, or pass --state)")")
    if state == nil { missing += 1 }
    return missing == 0 ? 0 : 1
}
