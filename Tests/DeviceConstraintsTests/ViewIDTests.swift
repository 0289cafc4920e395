import Foundation
import Testing

@testable import DeviceConstraints

struct ViewIDTests {
    private let id = ViewID(container: "BMTReportCalendarDayButton", viewId: "bmt_reportCalendarDayButtonId_Selected")

    @Test func aViewIDPrintsAsContainerDotViewId() {
        #expect(
            (id.description, id) == (
                "BMTReportCalendarDayButton.bmt_reportCalendarDayButtonId_Selected",
                ViewID(container: id.container, viewId: id.viewId)
            ))
        #expect(id != ViewID(container: id.container, viewId: "bmt_reportCalendarDayButtonId_Normal"))
    }

    @Test(arguments: [DeviceName.iPhone5, .iPhone6, .iPhone6Plus, .iPad])
    func aLookupByViewIDFindsWhatALookupByStringsFinds(device: DeviceName) throws {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Fixtures.bundledConstraints), device: try DeviceCatalog.profile(device))
        #expect(interpreter.cachedRecord(id) == nil)
        let record = try interpreter.record(id)
        #expect(
            (record, interpreter.cachedRecord(id)) == (
                (try interpreter.record(viewId: id.viewId, container: id.container)), record
            ))
    }

    @Test func aViewTheFilesLackIsAnUnknownView() throws {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Fixtures.bundledConstraints), device: try DeviceCatalog.profile(.iPhone6))
        let missing = ViewID(container: id.container, viewId: "bmt_reportCalendarDayButtonId_Selectd")
        expectConstraintError { try interpreter.record(missing) }
        do {
            _ = try interpreter.record(missing)
        } catch {
            #expect(error.code == .unknownView)
        }
    }
}
