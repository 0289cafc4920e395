import Foundation

/// What the app knows about this installation, for an update's conditions and rollout: its version, the system,
/// the device and window, the locale, and its own signals.
///
/// ```swift
/// var audience = UpdateAudience.current            // app version, OS and version, locale and region
/// audience.device = interpreter.device.name        // the device class, for device= conditions
/// audience.idiom = interpreter.environment.idiom
/// audience.width = interpreter.environment.width   // for w600
/// audience.signals = ["plan": account.plan]        // for signal.plan=pro
/// let assignment = try await store.install(update, audience: audience) { try verifySignature(of: $0.data()) }
/// ```
///
/// A fact left nil makes the conditions on it fail, saying so. Nothing here leaves the device: the library sends
/// nothing anywhere, the installation id included.
public struct UpdateAudience: Sendable, Hashable {
    /// The app's version (`CFBundleShortVersionString`), such as `3.2.1`.
    public var appVersion: String?
    /// The operating system, one of ``UpdateCondition/knownOperatingSystems`` (`iOS`).
    public var os: String?
    /// The system's version, such as `17.4.1`.
    public var osVersion: String?
    /// The idiom of the device.
    public var idiom: DeviceIdiom?
    /// The device class lookups resolve to (``ConstraintInterpreter/device``'s name), for `device=` conditions.
    public var device: DeviceName?
    /// The device's model (``DeviceModel/name``), when the app knows it, for `device=` conditions.
    public var model: DeviceName?
    /// The window's width in points, for width conditions (`w600`).
    public var width: Double?
    /// The app's locale (`de-CH` or `de_CH`), for `locale=` conditions.
    public var locale: String?
    /// The region (`CH`), for `region=` conditions.
    public var region: String?
    /// The app's own signals, by name (`plan` → `pro`), for `signal.<name>=` conditions.
    public var signals: [String: String]
    /// The installation's id for rollouts, when the app keeps its own; nil: the store's
    /// (``ConstraintStore/installationID``).
    public var installationID: String?

    /// An audience of the facts given; the others unknown.
    public init(
        appVersion: String? = nil, os: String? = nil, osVersion: String? = nil, idiom: DeviceIdiom? = nil,
        device: DeviceName? = nil, model: DeviceName? = nil, width: Double? = nil, locale: String? = nil,
        region: String? = nil, signals: [String: String] = [:], installationID: String? = nil
    ) {
        self.appVersion = appVersion
        self.os = os
        self.osVersion = osVersion
        self.idiom = idiom
        self.device = device
        self.model = model
        self.width = width
        self.locale = locale
        self.region = region
        self.signals = signals
        self.installationID = installationID
    }

    /// What the process knows of itself: the main bundle's short version, the system and its version, the current
    /// locale and its region. The device, the window and the signals are the app's to add.
    public static var current: UpdateAudience {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let locale = Locale.current.identifier
        return UpdateAudience(
            appVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String,
            os: currentOS, osVersion: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)",
            locale: locale, region: region(of: locale))
    }

    private static var currentOS: String {
        #if targetEnvironment(macCatalyst)
            "macCatalyst"
        #elseif os(iOS)
            "iOS"
        #elseif os(macOS)
            "macOS"
        #elseif os(tvOS)
            "tvOS"
        #elseif os(watchOS)
            "watchOS"
        #elseif os(visionOS)
            "visionOS"
        #elseif os(Windows)
            "Windows"
        #elseif os(Android)
            "Android"
        #else
            "Linux"
        #endif
    }

    /// The region subtag of a locale identifier (`de_CH` → `CH`, `es-419` → `419`), or nil.
    static func region(of identifier: String) -> String? {
        let parts = identifier.prefix { $0 != "@" && $0 != "." }.split(whereSeparator: { $0 == "-" || $0 == "_" })
        return parts.dropFirst().first { part in
            (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter })
                || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
        }.map { $0.uppercased() }
    }
}

/// A percentage rollout of an update, with a holdback: which installations get it, decided by each one's bucket.
///
/// Each installation's bucket for an update is a number from 0 to 9,999, the same on every platform and in any
/// language that can hash: the FNV-1a 64-bit hash of the UTF-8 bytes of `<key>:<installationID>`, its high 32 bits,
/// modulo 10,000 (``bucket(installationID:)``). The holdback is the top buckets: `holdback` percent of the
/// installations never get the update, whatever the percentage. The rollout is the bottom buckets: `percent`
/// percent of the others. So as the percentage grows 1 → 5 → 25 → 100 under the same key, an installation that had
/// the update keeps it, and the holdback stays the same installations.
///
/// ```swift
/// let rollout = try UpdateRollout(key: "checkout-redesign", percent: "25", holdback: "5")
/// rollout.bucket(installationID: "6F1A…")   // 0..<10000, the same for this key and id everywhere
/// ```
public struct UpdateRollout: Sendable, Hashable, CustomStringConvertible {
    /// Which installations are in: the same key with a greater percentage takes in more, keeping those it had.
    public let key: String
    /// The share of installations outside the holdback that get the update, in hundredths of a percent (2500: 25 %).
    public let basisPoints: Int
    /// The share of all installations that never get it, in hundredths of a percent.
    public let holdbackBasisPoints: Int

    /// The longest key accepted, in bytes.
    public static let maximumKeyLength = 128
    /// How many buckets there are: a percentage has up to two decimals.
    public static let buckets = 10_000

    /// A rollout of `percent` (0–100, up to two decimals, such as `"12.5"`) with `holdback` percent held back.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCondition` for a percentage that is not a number from 0 to 100 with at
    ///   most two decimals, or an empty or over-long key, or one with a control character.
    public init(key: String, percent: String, holdback: String = "0") throws(ConstraintError) {
        try self.init(
            key: key, basisPoints: try Self.basisPoints(percent, what: "rollout"),
            holdbackBasisPoints: try Self.basisPoints(holdback, what: "holdback"))
    }

    /// A rollout of `basisPoints` hundredths of a percent (0–10,000) with `holdbackBasisPoints` held back.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCondition` for a share outside 0–10,000, or a key that cannot be one.
    public init(key: String, basisPoints: Int, holdbackBasisPoints: Int = 0) throws(ConstraintError) {
        for (share, what) in [(basisPoints, "rollout"), (holdbackBasisPoints, "holdback")]
        where !(0...Self.buckets).contains(share) {
            throw ConstraintError(
                code: .invalidCondition,
                message: "the \(what) is \(share) hundredths of a percent; it must be from 0 to 10000 (100 %)")
        }
        if key.isEmpty || key.utf8.count > Self.maximumKeyLength
            || key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            throw ConstraintError(
                code: .invalidCondition,
                message:
                    "the rollout key \"\(key.debugDescriptionContent)\" must be 1 to \(Self.maximumKeyLength) bytes "
                    + "without control characters, such as the bundle's name")
        }
        self.key = key
        self.basisPoints = basisPoints
        self.holdbackBasisPoints = holdbackBasisPoints
    }

    /// `25% of key "checkout", 5% held back`.
    public var description: String {
        var text = "\(Self.percent(basisPoints))% of key \"\(key.debugDescriptionContent)\""
        if holdbackBasisPoints > 0 { text += ", \(Self.percent(holdbackBasisPoints))% held back" }
        return text
    }

    /// The installation's bucket for this rollout's key: 0..<10,000, the same on any platform (see the type).
    public func bucket(installationID: String) -> Int {
        Self.bucket(key: key, installationID: installationID)
    }

    /// The high 32 bits of the FNV-1a 64-bit hash of the UTF-8 bytes of `<key>:<installationID>`, modulo 10,000.
    static func bucket(key: String, installationID: String) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var key = key
        key.withUTF8 { for byte in $0 { add(byte) } }
        add(UInt8(ascii: ":"))
        var id = installationID
        id.withUTF8 { for byte in $0 { add(byte) } }
        return Int((hash >> 32) % UInt64(buckets))
    }

    /// The arm of a bucket: the top `holdback` buckets are held back, the bottom `percent` of the others get it.
    func arm(ofBucket bucket: Int) -> UpdateArm {
        if bucket >= Self.buckets - holdbackBasisPoints { return .holdback }
        return bucket < treatmentBuckets ? .treatment : .notInRollout
    }

    /// How many of the bottom buckets get the update: `percent` of those outside the holdback.
    var treatmentBuckets: Int {
        basisPoints * (Self.buckets - holdbackBasisPoints) / Self.buckets
    }

    /// Hundredths of a percent in `text`: `"12.5"` → 1250.
    static func basisPoints(_ text: String, what: String) throws(ConstraintError) -> Int {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        let digits: (Substring) -> Bool = { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard !whole.isEmpty, whole.count <= 3, digits(whole), fraction.count <= 2, digits(fraction),
            parts.count == 1 || !fraction.isEmpty, let units = Int(whole)
        else {
            throw ConstraintError(
                code: .invalidCondition,
                message:
                    "the \(what) \"\(text.debugDescriptionContent)\" is not a percentage from 0 to 100 with at most "
                    + "two decimals, such as 5, 12.5 or 0.25")
        }
        let hundredths = Int(fraction.padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0
        let points = units * 100 + hundredths
        guard points <= buckets else {
            throw ConstraintError(
                code: .invalidCondition,
                message: "the \(what) is \(text)%, over 100%; give a percentage from 0 to 100")
        }
        return points
    }

    /// `25`, `12.5`, `0.25`.
    static func percent(_ basisPoints: Int) -> String {
        let whole = basisPoints / 100
        let fraction = basisPoints % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Which arm of an update an installation is in: what the app reports to its analytics.
public enum UpdateArm: String, Sendable, Hashable, CaseIterable {
    /// Every condition holds and the installation is in the rollout: the update is installed.
    case treatment
    /// The installation is in the holdback, the control group: it never gets the update.
    case holdback
    /// The installation is outside the rollout's percentage (yet): not installed.
    case notInRollout
    /// A condition does not hold: not installed, and no bucket is drawn.
    case conditionsNotMet
}

/// The arm an installation is in for an update, and why: from ``ConstraintUpdate/assignment(for:installationID:)``
/// and ``ConstraintStore/install(_:audience:allowDowngrade:verify:)``.
public struct UpdateAssignment: Sendable, Hashable, CustomStringConvertible {
    /// The arm.
    public let arm: UpdateArm
    /// The installation's bucket (0..<10,000) when the update has a rollout and its conditions hold.
    public let bucket: Int?
    /// The first condition that does not hold, for ``UpdateArm/conditionsNotMet``.
    public let unmetCondition: UpdateCondition?
    /// Why, in one sentence: `bucket 812 is under the 2500 buckets of 25% of key "checkout"`.
    public let reason: String

    /// `treatment: bucket 812 is under …`.
    public var description: String { "\(arm.rawValue): \(reason)" }
}

extension ConstraintUpdate {
    /// The arm the installation of `installationID` is in for this update, with `audience`'s facts: its conditions
    /// in order, then its rollout's bucket. Reads and writes nothing; the same answer on every platform.
    ///
    /// ```swift
    /// let assignment = update.assignment(for: audience, installationID: store.installationID)
    /// analytics.log("constraints_arm", ["update": update.version, "arm": assignment.arm.rawValue])
    /// ```
    public func assignment(for audience: UpdateAudience, installationID: String) -> UpdateAssignment {
        for condition in conditions {
            if let failure = condition.failure(for: audience) {
                return UpdateAssignment(
                    arm: .conditionsNotMet, bucket: nil, unmetCondition: condition,
                    reason: "the condition \(condition) does not hold: \(failure)")
            }
        }
        let met = conditions.isEmpty ? "no conditions" : "its \(conditions.count) conditions hold"
        guard let rollout else {
            return UpdateAssignment(arm: .treatment, bucket: nil, unmetCondition: nil, reason: "\(met), and no rollout")
        }
        let bucket = rollout.bucket(installationID: installationID)
        let arm = rollout.arm(ofBucket: bucket)
        let held = UpdateRollout.buckets - rollout.holdbackBasisPoints
        let reason: String =
            switch arm {
            case .holdback:
                "bucket \(bucket) is in the holdback (buckets \(held) to 9999, "
                    + "\(UpdateRollout.percent(rollout.holdbackBasisPoints))%) of key \"\(rollout.key)\""
            case .treatment:
                "\(met); bucket \(bucket) is under the \(rollout.treatmentBuckets) buckets of \(rollout)"
            default:
                "\(met); bucket \(bucket) is not under the \(rollout.treatmentBuckets) buckets of \(rollout)"
            }
        return UpdateAssignment(arm: arm, bucket: bucket, unmetCondition: nil, reason: reason)
    }
}
