#if canImport(Glibc)
import Glibc
#endif

// calx-touchplay: creates a uinput multitouch touchscreen and plays a touch script on it (VM end-to-end test).
let message = "calx-touchplay: not built yet\n"
_ = message.withCString { write(2, $0, strlen($0)) }
exit(2)
