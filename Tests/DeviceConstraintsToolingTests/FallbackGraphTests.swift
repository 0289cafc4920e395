import DeviceConstraints
import Foundation
import Testing

@testable import DeviceConstraintsTooling

/// What the tool folds over a catalog's fallbacks agrees with walking every device's lookup chain, as the tool did
/// before (``DeviceCatalog/lookupChain(for:)-(DeviceProfile)``), on catalogs of every shape.
struct FallbackGraphTests {
    /// The standard catalog and ``GeneratedCatalogs/shapes``: 300 of 8 devices whose fallbacks share devices, skip
    /// some, come in any order, name a device twice, and whose widths tie.
    static let catalogs = [DeviceCatalog.standard] + GeneratedCatalogs.shapes

    @Test func everyCatalogOfTheFamilyIsValid() {
        #expect(Self.catalogs.count == 301)
    }

    @Test func aChainIsTheLookupChainCutAtItsLimit() {
        for catalog in Self.catalogs {
            let graph = FallbackGraph(catalog)
            for (device, profile) in catalog.profiles.enumerated() {
                let chain = catalog.lookupChain(for: profile)
                #expect(graph.chain(of: device, limit: 100) == (chain, true))
                for limit in 1..<chain.count {
                    #expect(graph.chain(of: device, limit: limit) == (Array(chain.prefix(limit)), false))
                }
                #expect(graph.chain(of: device, limit: chain.count) == (chain, true))
            }
        }
    }

    @Test func theOrderPutsEveryDeviceAfterItsFallbacks() {
        for catalog in Self.catalogs {
            let graph = FallbackGraph(catalog)
            #expect(graph.order.sorted() == Array(catalog.profiles.indices))
            var position = [Int](repeating: 0, count: graph.order.count)
            for (index, device) in graph.order.enumerated() { position[device] = index }
            for device in graph.order {
                #expect(graph.fallbacks[device].allSatisfy { position[$0] < position[device] })
                #expect(Set(graph.fallbacks[device]).count == graph.fallbacks[device].count)
            }
        }
    }

    @Test func theWiderFallbackWarningNamesTheFirstWidestClassOfTheChain() {
        for catalog in Self.catalogs {
            var expected: [String] = []
            for (index, profile) in catalog.profiles.enumerated() {
                // The first of the widest classes along the chain, as walking it finds them.
                var widest: DeviceProfile?
                for name in catalog.lookupChain(for: profile).dropFirst() {
                    guard let fallback = catalog.profile(named: name) else { continue }
                    if fallback.width > (widest?.width ?? 0) { widest = fallback }
                }
                guard let widest, widest.width > profile.width else { continue }
                let way = profile.fallbacks.contains(widest.name) ? "directly" : "through"
                expected.append("devices[\(index)].fallbacks \(way) \(widest.name)")
            }
            let warnings = DeviceConstraintsTool.widerFallbacks(in: catalog, file: "catalog.json", json: nil)
            let found = warnings.map { warning in
                let way = warning.message.contains(" falls back through ") ? "through" : "directly"
                let target = warning.message.components(separatedBy: " to \"").last?.prefix { $0 != "\"" } ?? ""
                return "\(warning.keyPath ?? "") \(way) \(target)"
            }
            #expect(found == expected)
        }
    }

    @Test func theFirstFileOnEachChainIsTheOneWalkingTheChainFinds() {
        for catalog in Self.catalogs {
            let names = catalog.profiles.map(\.name)
            // Files for every third device, from a different start in each catalog.
            for start in 0..<3 {
                let owners = stride(from: start, to: names.count, by: 3).map { names[$0] }
                let report = CoverageReport(fileNames: owners.map { "Card_\($0).json" }, catalog: catalog)
                for profile in catalog.profiles {
                    let first = catalog.lookupChain(for: profile).first { owners.contains($0) }
                    let expected: CoverageReport.Source =
                        first.map {
                            $0 == profile.name
                                ? .own(file: "Card_\($0).json") : .fallback(file: "Card_\($0).json", device: $0)
                        } ?? .missing
                    #expect(report.source(of: "Card", on: profile.name) == expected)
                }
            }
        }
    }
}
