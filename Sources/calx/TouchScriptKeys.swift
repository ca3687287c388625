// Placeholder until the kiosk lands: its touch-script hook replaces this file.
func runKeysWithTouchScript(tokens: String, touchPath: String) -> Int32 {
    printError("calx keys: --touch needs the kiosk")
    return 2
}
