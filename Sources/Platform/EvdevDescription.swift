import CEvdev
import Glibc

extension DeviceDescription {
    /// What a live device says of itself, through libevdev, with its udev properties (`udevFD` the device's
    /// descriptor; the properties are read from udev's database, as libinput does).
    init(evdev dev: OpaquePointer, udevFD fd: Int32) {
        var codes: [UInt16: [UInt16]] = [:]
        var axes: [UInt16: Axis] = [:]
        for type in 0...UInt32(InputCode.typeMax) where libevdev_has_event_type(dev, type) == 1 {
            let max = libevdev_event_type_get_max(type)
            guard max >= 0 else { continue }
            var present: [UInt16] = []
            for code in 0...UInt32(max) where libevdev_has_event_code(dev, type, code) == 1 {
                present.append(UInt16(code))
                if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(dev, code)?.pointee {
                    axes[UInt16(code)] = Axis(minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat,
                                              resolution: info.resolution)
                }
            }
            codes[UInt16(type)] = present
        }
        let properties = (0...UInt32(InputCode.propertyMax)).filter { libevdev_has_property(dev, $0) == 1 }.map { UInt16($0) }
        self.init(name: String(cString: libevdev_get_name(dev)),
                  identity: Identity(bus: Int(libevdev_get_id_bustype(dev)), vendor: Int(libevdev_get_id_vendor(dev)),
                                     product: Int(libevdev_get_id_product(dev)), version: Int(libevdev_get_id_version(dev))),
                  codes: codes, axes: axes, properties: properties, udev: UdevProperty.inputProperties(ofDeviceFD: fd))
    }
}
