// libFuzzer harness: the device catalog reader on arbitrary bytes. A catalog it accepts must keep the promises
// `DeviceCatalog` documents; an error must be a `ConstraintError` with a known code. Uses public API only.
import DeviceConstraints
import Foundation

// MARK: - Adapter (the one place that names the library's API)

private func readCatalog(_ data: Data) -> Result<DeviceCatalog, ConstraintError> {
    do throws(ConstraintError) {
        return .success(try DeviceCatalog(json: data, fileName: "devices.json"))
    } catch {
        return .failure(error)
    }
}

// MARK: - Harness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    switch readCatalog(data) {
    case .success(let catalog):
        check(!catalog.profiles.isEmpty, "an empty catalog was accepted", data)
        let names = catalog.profiles.map(\.name)
        check(Set(names).count == names.count, "a name appears twice: \(names)", data)
        for profile in catalog.profiles {
            check(catalog.profile(named: profile.name) == profile, "\(profile.name) is not found by name", data)
            check(
                profile.width > 0 && profile.height > 0 && profile.width.isFinite && profile.height.isFinite
                    && profile.width <= profile.height,
                "a bad size was accepted: \(profile)", data)
            let chain = catalog.lookupChain(for: profile)
            check(chain.first == profile.name, "the chain of \(profile.name) does not start with it: \(chain)", data)
            check(Set(chain).count == chain.count, "the chain of \(profile.name) repeats a device: \(chain)", data)
            check(chain.allSatisfy { catalog.profile(named: $0) != nil }, "a chain names an unknown device", data)
            // Any window, either orientation, any idiom: some profile of the catalog.
            for (width, height) in [(profile.width, profile.height), (profile.height, profile.width), (1, 1), (1e9, 5)]
            {
                for idiom in [nil, DeviceIdiom.phone, .pad] {
                    let resolved = catalog.resolve(width: width, height: height, idiom: idiom)
                    check(catalog.profile(named: resolved.name) == resolved, "resolve gave a foreign profile", data)
                }
            }
        }
        // The catalog read back from its own profiles is the same catalog.
        check(
            (try? DeviceCatalog(catalog.profiles, extensionAttributes: catalog.extensionAttributes)) == catalog,
            "the accepted profiles do not validate", data)
    case .failure(let error):
        let known: Set<ConstraintError.Code> = [
            .malformedJSON, .nestingTooDeep, .invalidFormat, .invalidCatalog, .invalidName, .fileTooLarge,
        ]
        check(known.contains(error.code), "unexpected error code: \(error)", data)
        check(error.file == "devices.json" && !error.description.isEmpty, "error not placed: \(error)", data)
    }
    return 0
}
