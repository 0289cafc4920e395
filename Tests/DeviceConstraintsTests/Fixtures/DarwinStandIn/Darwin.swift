// A stand-in `Darwin` module, for type-checking the Apple-only watcher on Linux (DirectoryWatcherTests): Glibc,
// plus the declarations of Apple's kqueue API that the watcher uses, spelled as Swift imports them from the macOS
// SDK (`<sys/event.h>`, `<fcntl.h>`, `<sys/stat.h>`, `<pthread.h>`). Never run: every function fails.
@_exported import Glibc

// swift-format-ignore: TypeNamesShouldBeCapitalized
// Named as in the SDK.
public struct kevent64_s {
    public var ident: UInt64
    public var filter: Int16
    public var flags: UInt16
    public var fflags: UInt32
    public var data: Int64
    public var udata: UInt64
    public var ext: (UInt64, UInt64)

    public init() {
        self.init(ident: 0, filter: 0, flags: 0, fflags: 0, data: 0, udata: 0, ext: (0, 0))
    }

    public init(
        ident: UInt64, filter: Int16, flags: UInt16, fflags: UInt32, data: Int64, udata: UInt64, ext: (UInt64, UInt64)
    ) {
        self.ident = ident
        self.filter = filter
        self.flags = flags
        self.fflags = fflags
        self.data = data
        self.udata = udata
        self.ext = ext
    }
}

public func kqueue() -> Int32 { -1 }

public func kevent64(
    _ kq: Int32, _ changelist: UnsafePointer<kevent64_s>!, _ nchanges: Int32,
    _ eventlist: UnsafeMutablePointer<kevent64_s>!, _ nevents: Int32, _ flags: UInt32,
    _ timeout: UnsafePointer<timespec>!
) -> Int32 { -1 }

public var EVFILT_READ: Int32 { -1 }
public var EVFILT_VNODE: Int32 { -4 }
public var EV_ADD: Int32 { 0x0001 }
public var EV_CLEAR: Int32 { 0x0020 }
public var NOTE_DELETE: Int32 { 0x0001 }
public var NOTE_WRITE: Int32 { 0x0002 }
public var NOTE_EXTEND: Int32 { 0x0004 }
public var NOTE_ATTRIB: Int32 { 0x0008 }
public var NOTE_RENAME: Int32 { 0x0020 }
public var NOTE_REVOKE: Int32 { 0x0040 }
public var O_EVTONLY: Int32 { 0x8000 }

extension stat {
    public var st_mtimespec: timespec { st_mtim }
    public var st_ctimespec: timespec { st_ctim }
}

public func pthread_setname_np(_ name: UnsafePointer<CChar>) -> Int32 { -1 }
