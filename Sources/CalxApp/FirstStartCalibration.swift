import Platform

/// The kiosk's first start on a panel nobody calibrated: a single-touch panel (resistive panels are
/// unusable without a calibration) with no --touch-calibration, no touch-calibration= in calx.conf and no
/// udev LIBINPUT_CALIBRATION_MATRIX is calibrated on the screen before the kiosk shows, and the result kept
/// as `touch-calibration=` in the calx.conf beside the state file (the kiosk may not write /etc: the unit
/// runs it under ProtectSystem=strict; /etc/calx.conf, where `calx calibrate` writes, wins over it).
enum FirstStartCalibration {
    /// A calibration an earlier first start saved beside `statePath`, logged; nil when there is none.
    static func saved(statePath: String?) -> Calibration? {
        guard let statePath else { return nil }
        let path = ConfigFileSetting.savedCalibrationPath(stateFile: statePath)
        switch ConfigFileSetting.calibration(in: path) {
        case .success(let c)?:
            printError("calx: touch calibration \(c.settingText) from \(path)")
            return c
        case .failure(let problem)?:
            printError("calx: \(problem.text); ignored")
            return nil
        case nil:
            return nil
        }
    }

    /// Watches the devices the loop opens: the first single-touch one with no calibration starts the session.
    static func prompt(loop: DisplayLoop, client: CalibratingClient, statePath: String?) {
        loop.onDeviceOpened = { [weak client] device in
            guard let client, device.kind == .singleTouch, device.calibration?.source == CalibrationChoice.Source.none,
                  !client.isCalibrating else { return }
            printError("calx: \(device.path) \(device.name.quotedForMessage) is a single-touch panel with no calibration: calibrating it on the screen")
            client.begin()
        }
        client.onKept = { [weak loop] matrix in
            if let statePath {
                let path = ConfigFileSetting.savedCalibrationPath(stateFile: statePath)
                do {
                    try ConfigFileSetting.write(path, setting: "touch-calibration", to: matrix.settingText)
                    printError("calx: touch-calibration=\(matrix.settingText) kept in \(path)")
                } catch {
                    printError("calx: cannot keep the calibration in \(path): \(error); it holds until the kiosk stops")
                }
            }
            loop?.onDeviceOpened = nil
            loop?.useCalibration(matrix)
        }
    }
}
