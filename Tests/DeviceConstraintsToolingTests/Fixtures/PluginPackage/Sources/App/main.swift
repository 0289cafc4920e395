// Looks up the bundled records through the ids DeviceConstraintsPlugin generated, for each original device, from the
// table the plugin compiled (Constraints.dctable, a resource it wrote), and prints them for the end-to-end test to
// compare: `device container.viewId width height`; then two ids of the Custom target.

import Custom
import DeviceConstraints
import Foundation

let ids = [
    ConstraintIDs.BMTReportCalendarDayButton.selected, ConstraintIDs.BMTReportCalendarDayButton.normal,
    ConstraintIDs.BMTReportMeasureView.topView,
]
guard let constraints = Bundle.module.url(forResource: "Constraints", withExtension: nil), let layout = layoutFolder
else {
    print("error: the constraint files are not in the resources")
    exit(1)
}
let compiled = CompiledTableSource(
    tableAt: Bundle.module.url(forResource: "Constraints", withExtension: "dctable"),
    fallback: DirectorySource(constraints))
guard compiled.table != nil else {
    print("error: no compiled table in the resources: \(compiled.tableError.map(String.init(describing:)) ?? "none")")
    exit(1)
}
do {
    for device in [DeviceName.iPhone5, .iPhone6, .iPhone6Plus, .iPad] {
        guard let profile = DeviceCatalog.standard.profile(named: device) else { continue }
        let interpreter = ConstraintInterpreter(source: compiled, device: profile)
        for id in ids {
            let record = try interpreter.record(id)
            print(device, id, record.width, record.height)
        }
    }
    // Custom's ids: public, in a namespace of their own, from a keyword and a non-ASCII id. Its Card_Large.json
    // is for a device of Custom's own catalog, which only the build's lint reads.
    let layoutInterpreter = ConstraintInterpreter(
        source: DirectorySource(layout), device: DeviceCatalog.standard.profiles[0])
    for id in [LayoutIDs.Card.default, LayoutIDs.Card.größe] {
        print("base", id, try layoutInterpreter.record(id).width)
    }
} catch {
    print(error)
    exit(1)
}
