import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// Runs the built executable on the fixture folders, as CI and a developer run it, and checks what it prints
/// where, and how it exits.
struct EndToEndTests {
    // MARK: - lint

    @Test func lintOnTheBundledConstraintsByDefaultExitsZero() throws {
        let run = try Executable.runInPackage("lint")
        #expect((run.exitCode, run.outputLines, run.errorOutput) == (0, ["No problems in 7 files."], ""))
    }

    @Test func lintOnACleanFolderExitsZero() throws {
        let run = try Executable.runInFixtures("lint", "Clean")
        #expect((run.exitCode, run.outputLines) == (0, ["No problems in 8 files."]))
    }

    @Test func lintReportsEveryErrorOfEveryFileAndExitsOne() throws {
        let run = try Executable.runInFixtures("lint", "Errors")
        let lines = run.outputLines
        #expect(
            (run.exitCode, run.errorOutput, lines.count, lines.last)
                == (1, "", 13, "11 errors, 1 warning in 12 files"))
        for line in [
            #"Errors/WrongType.json:3:27: error: "width" must be a number, found string ("sixty") at WrongType[0].title.width"#,
            #"Errors/WrongType.json:4:30: error: "imageName" must be a string, found number (3) at WrongType[1].icon.imageName"#,
            "Errors/Malformed.json:3:43: error: trailing comma before '}'",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
        for prefix in [
            "Errors/Card_iPhone99.json:2:3: error: no device reads this file",
            #"Errors/Card_iPhone6.json:4:7: error: view "badge" has no default"#,
        ] {
            #expect(lines.contains { $0.hasPrefix(prefix) }, "\(prefix)")
        }
        let paths = lines.dropLast().map { $0.prefix { $0 != ":" } }
        #expect(
            (
                placed: lines.dropLast().allSatisfy {
                    $0.hasPrefix("Errors/")
                        && ($0.contains(": error: ") || $0.hasPrefix("Errors/WrongKey.json: warning: "))
                },
                sorted: paths == paths.sorted()
            ) == (true, true), "\(run.output)")
    }

    @Test func lintWithOnlyWarningsExitsZeroUnlessStrict() throws {
        let run = try Executable.runInFixtures("lint", "Warnings")
        let strict = try Executable.runInFixtures("lint", "Warnings", "--strict")
        #expect(
            (run.exitCode, strict.exitCode) == (0, 1), "\(run.errorOutput)\(strict.errorOutput)")
        #expect(
            run.outputLines == [
                #"Warnings/DuplicateKey.json:3:45: warning: attribute "height" is given twice in this record; the last value is used at DuplicateKey[0].title.height"#,
                #"Warnings/TextSize.json:3:56: warning: "bdy" is not a text style; did you mean "body"? expected one of largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2; the value follows body at TextSize[0].title.height.relativeTo"#,
                #"Warnings/TextSize.json:4:40: warning: a fixed font size of 9 points is under 11, the smallest Apple recommends on iOS, and never grows with the text size; use 11 or more, or a plain number that follows the text size at TextSize[1].icon.fontSize.fixed"#,
                "3 warnings in 2 files",
            ])
    }

    @Test func lintFindsMissingDefaultsAndDeadFiles() throws {
        let missing = try Executable.runInFixtures("lint", "MissingDefault")
        #expect((missing.exitCode, missing.outputLines.last) == (1, "2 errors in 3 files"))
        let dead = try Executable.runInFixtures("lint", "DeadFile/")
        #expect(
            (
                dead.exitCode,
                dead.outputLines.first?.hasPrefix("DeadFile/Card_iPhone99.json:2:3: error: no device reads this file")
            ) == (1, true), "\(dead.output)")
    }

    @Test func lintChecksAgainstACatalogFile() throws {
        #expect(try Executable.runInFixtures("lint", "PhoneOnly").exitCode == 1)
        let run = try Executable.runInFixtures("lint", "PhoneOnly", "--catalog=Catalogs/phones.json")
        #expect((run.exitCode, run.outputLines) == (0, ["No problems in 2 files."]))
    }

    /// A catalog whose device falls back to a wider one, directly or through another fallback: a warning placed at
    /// the device's `fallbacks`, naming the way, and lint still passes.
    @Test func lintWarnsAboutEveryFallbackWiderThanItsDevice() throws {
        let run = try Executable.runInFixtures("lint", "PhoneOnly", "--catalog", "Catalogs/wider.json")
        let beginnings: [Substring] = run.outputLines.map { (line: String) -> Substring in line.prefix { $0 != "(" } }
        let expectedBeginnings: [Substring] = [
            #"Catalogs/wider.json:3:84: warning: device "Small" "#,
            #"Catalogs/wider.json:4:82: warning: device "Mid" "#,
            "2 warnings in 2 files",
        ]
        #expect((run.exitCode, beginnings) == (0, expectedBeginnings), "\(run.errorOutput)")
        #expect(
            (
                run.outputLines[1].contains(#"falls back through "Small" to "Large", which is wider (414 points)"#),
                run.outputLines[0].hasSuffix("at devices[1].fallbacks")
            ) == (true, true), "\(run.output)")
    }

    @Test func lintAsJSONPrintsValidJSON() throws {
        let run = try Executable.runInFixtures("lint", "--json", "Errors")
        #expect(run.exitCode == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect([object["errors"] as? Int, (object["diagnostics"] as? [Any])?.count] == [11, 12])
    }

    @Test func anInvalidCatalogOrAMissingFolderIsAnErrorOnStandardError() throws {
        let catalog = try Executable.runInFixtures("lint", "Clean", "--catalog", "Catalogs/broken.json")
        #expect(
            (catalog.exitCode, catalog.output, catalog.errorLines)
                == (
                    1, "",
                    [
                        #"Catalogs/broken.json:3:5: error: device "Large" falls back to "Medium", which is not in the catalog at devices[1].fallbacks[0]"#
                    ]
                ))
        let folder = try Executable.runInFixtures("lint", "NoSuchFolder")
        #expect(
            (folder.exitCode, folder.errorOutput.hasPrefix("error: no folder 'NoSuchFolder'")) == (1, true),
            "\(folder.errorOutput)")
    }

    // MARK: - show, devices, coverage

    @Test func showPrintsTheSeedsValuesForIPhone6Plus() throws {
        let run = try Executable.runInPackage("show", "BMTReportCalendarDayButton", "--device", "iPhone6Plus")
        let lines = run.outputLines
        #expect(
            (run.exitCode, lines[1], lines[3])
                == (
                    0, "device:      iPhone6Plus (phone, 414×736)",
                    "files read:  Constraints/BMTReportCalendarDayButton_iPhone6Plus.json"
                ))
        let selected = lines.filter { $0.hasPrefix("bmt_reportCalendarDayButtonId_Selected ") }
        #expect(selected.count == 6)
        let columns: [String] = selected[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let expectedColumns: [String] = [
            "bmt_reportCalendarDayButtonId_Selected", "marginLeft", "6.0",
            "BMTReportCalendarDayButton_iPhone6Plus.json:5:9",
        ]
        #expect((columns, selected[4].contains("width         60.0")) == (expectedColumns, true), "\(selected)")
    }

    @Test func showResolvesAWindowSizeAndPrintsJSON() throws {
        let run = try Executable.runInPackage("show", "BMTReportMeasureView", "--size", "390x844", "--json")
        #expect(run.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(
            ((object["device"] as? [String: Any])?["name"] as? String, object["filesRead"] as? [String])
                == (
                    "iPhone12",
                    ["Constraints/BMTReportMeasureView_iPhone6.json", "Constraints/BMTReportMeasureView.json"]
                ))
    }

    /// `{"scaled": 375}` in a base file that states `"designWidth": 375` follows the window: 320 on an iPhone 5,
    /// 440 on an iPhone 16 Pro Max, 768 on an iPad (it was 375 on all three, overflowing the iPhone 5).
    @Test(arguments: [
        ("320x568", "iPhone5", "320.0"), ("440x956", "iPhone16ProMax", "440.0"), ("768x1024", "iPad", "768.0"),
    ])
    func showScalesABaseFileThatStatesItsDesignWidthWithTheWindow(size: String, device: String, width: String) throws {
        let run = try Executable.run(["show", "Card", ".", "--size", size], in: Fixtures.folder("DesignWidth"))
        #expect(run.exitCode == 0, "\(run.errorOutput)")
        let banner = run.outputLines.first { $0.hasPrefix("banner ") && $0.contains(" width ") }
        let columns = banner?.split(separator: " ").map(String.init)
        #expect(
            (
                device: run.outputLines.contains { $0.hasPrefix("device:      \(device) ") },
                columns: columns?.prefix(4), suffix: banner?.hasSuffix("scaled 375 at 375 pt")
            ) == (true, ["banner", "width", width, "Card.json:4:19"], true), "\(run.output)")
    }

    @Test func showOfAnUnknownContainerFailsWithASuggestion() throws {
        let run = try Executable.runInPackage("show", "BMTReportMeasureVew", "--device", "iPad")
        #expect(
            (run.exitCode, run.errorOutput.contains(#"did you mean "BMTReportMeasureView"?"#)) == (1, true),
            "\(run.errorOutput)")
    }

    @Test func devicesListsTheCatalog() throws {
        let run = try Executable.runInFixtures("devices")
        #expect((run.exitCode, run.outputLines.last) == (0, "23 devices in the standard catalog"))
        let custom = try Executable.runInFixtures("devices", "--catalog", "Catalogs/phones.json", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(custom.output.utf8)) as? [String: Any])
        #expect((object["devices"] as? [Any])?.count == 2)
    }

    @Test func devicesJSONReadsBackAsACatalogFile() throws {
        let catalog = Fixtures.packageRoot.appendingPathComponent(
            "Examples/SplitViewColumns/Sources/SplitViewColumns/catalog.json"
        ).path
        let printed = try Executable.runInFixtures("devices", "--catalog", catalog, "--json")
        #expect((printed.exitCode, printed.output.contains(#""designWidth": 507"#)) == (0, true), "\(printed.output)")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("devices-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: copy) }
        try Data(printed.output.utf8).write(to: copy)
        let reread = try Executable.runInFixtures("devices", "--catalog", copy.path, "--json")
        #expect((reread.exitCode, reread.output) == (0, printed.output), "\(reread.errorOutput)")
    }

    @Test func coverageMapsContainersToDevices() throws {
        let run = try Executable.runInFixtures("coverage", "PhoneOnly", "--catalog", "Catalogs/phones.json")
        #expect(
            (run.exitCode, Array(run.outputLines.prefix(2))) == (
                0, ["container  Small  Large", "Card       own    own"]
            ))
    }

    @Test func coverageOfAFolderWhoseFilesNoDeviceReadsListsThemInText() throws {
        let run = try Executable.runInFixtures("coverage", "PhoneOnly")
        #expect(
            (
                run.exitCode, run.outputLines.first?.hasPrefix("No constraint file that a device of the catalog reads"),
                Array(run.outputLines.suffix(2))
            )
                == (
                    0, true,
                    [
                        #"Card_Large.json: no device reads this file: "Large" is not a device of the catalog"#,
                        #"Card_Small.json: no device reads this file: "Small" is not a device of the catalog"#,
                    ]
                ), "\(run.output)")
    }

    // MARK: - The command line

    @Test func versionAndHelpPrintOnStandardOutput() throws {
        let version = try Executable.runInFixtures("--version")
        #expect((version.exitCode, version.outputLines) == (0, ["0.1.0"]))
        for arguments in [
            ["--help"], ["lint", "--help"], ["show", "-h"], ["help", "coverage"], ["devices", "--help"],
        ] {
            let help = try Executable.run(arguments, in: Fixtures.root)
            #expect(
                (help.exitCode, help.output.hasPrefix("OVERVIEW: "), help.errorOutput) == (0, true, ""), "\(arguments)")
        }
    }

    @Test func anUnknownFlagIsAOneLineErrorWithTheUsageAndExitsTwo() throws {
        let run = try Executable.runInFixtures("lint", "--jsn")
        #expect(
            (run.exitCode, run.output, run.errorLines)
                == (
                    2, "",
                    [
                        "error: unknown option '--jsn'; did you mean '--json'?",
                        "usage: device-constraints lint [<dir>] [--catalog <file>] [--json] [--strict] [--watch]",
                    ]
                ))
    }

    @Test func aMissingArgumentOrAnUnknownDeviceExitsTwo() throws {
        let missing = try Executable.runInFixtures("show")
        #expect((missing.exitCode, missing.errorLines.first) == (2, "error: missing argument '<container>'"))
        let device = try Executable.runInPackage("show", "BMTReportMeasureView", "--device", "iPhone99")
        #expect(
            (device.exitCode, device.errorLines.first?.hasPrefix("error: unknown device 'iPhone99'")) == (2, true),
            "\(device.errorOutput)")
    }

    @Test func aFatalErrorWithJSONPrintsAJSONObjectAndTheTextAndKeepsTheExitCode() throws {
        for (arguments, code, exitCode) in [
            (["lint", "/nonexistent", "--json"], "folderNotFound", Int32(1)),
            (["show", "Card", "--json"], "usage", 2),
            (["devices", "--catalog", "Catalogs/broken.json", "--json"], "", 1),
            (["show", "Card", "Clean", "--device", "iPhone99", "--json"], "unknownDevice", 2),
        ] {
            let run = try Executable.run(arguments, in: Fixtures.root)
            #expect(
                (run.exitCode, run.errorOutput.hasPrefix("error: ") || run.errorOutput.contains(": error: "))
                    == (exitCode, true), "\(arguments): \(run.errorOutput)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: [String: Any]],
                "\(arguments): \(run.output)")
            // The code is checked where the case names one.
            let reported = code.isEmpty ? code : object["error"]?["code"] as? String
            #expect(
                (reported, object["error"]?["exitCode"] as? Int) == (code, Int(exitCode)), "\(arguments): \(run.output)"
            )
        }
    }

    @Test func noArgumentsPrintsTheHelpOnStandardErrorAndExitsTwo() throws {
        let run = try Executable.runInFixtures()
        #expect(
            (run.exitCode, run.output, run.errorLines.first, run.errorOutput.contains("OVERVIEW: "))
                == (2, "", "error: missing command", true))
    }

    @Test func wrongValuesAndNamesExitTwoSayingWhatIsWrong() throws {
        for (arguments, message) in [
            (["show", "Card", "--size", "-1x5"], "error: invalid size '-1x5': the width must be more than 0 points"),
            (["show", "", "--device", "iPad"], "error: container name \"\" is empty"),
            (["show", "../etc", "--device", "iPad"], "error: container name \"../etc\" contains a path separator"),
            (["lint", "Warnings/TextSize.json"], "error: 'Warnings/TextSize.json' is a file; lint reads a folder"),
            (["show", "Card", "--device", "iPad", "--device", "iPhone6"], "error: '--device' is given twice"),
        ] {
            let run = try Executable.run(arguments, in: Fixtures.root)
            #expect(
                (run.exitCode, run.errorLines.first?.hasPrefix(message)) == (2, true), "\(arguments): \(run.errorLines)"
            )
        }
    }

    // MARK: - Control characters

    /// Escape sequences in view ids, values, file names and device names are printed escaped (`\u001B`) by every
    /// command, on standard output and standard error alike, and `--json` stays valid JSON that holds them whole:
    /// `"t\u001b[2J"` cleared the screen in `show`, lint's missing-default message set the window's title, a file
    /// name's escape was printed raw before its message.
    @Test func noCommandPrintsAControlCharacterThatATerminalWouldObey() throws {
        let folder = try ScratchFolder()
        for name in ["Card.json", "Card_iPhone6.json"] {
            try folder.write(
                String(contentsOf: Fixtures.folder("Hostile").appendingPathComponent(name), encoding: .utf8),
                to: "Hostile/\(name)")
        }
        try folder.write(#"{"X\u001b[31m": [{"a": {"width": "w"}}]}"#, to: "Hostile/X\u{1B}[31m.json")
        try folder.write(
            String(contentsOf: Fixtures.root.appendingPathComponent("Catalogs/hostile.json"), encoding: .utf8),
            to: "hostile.json")
        let commands: [[String]] = [
            ["lint", "Hostile"], ["lint", "Hostile", "--catalog", "hostile.json"], ["coverage", "Hostile"],
            ["show", "Card", "Hostile", "--device", "iPhone6"], ["devices", "--catalog", "hostile.json"],
            ["preview", "Card", "Hostile", "--catalog", "hostile.json"],
            ["show", "t\u{1B}[2J", "Hostile", "--device", "x"],
        ]
        for command in commands + commands.dropLast(2).map({ $0 + ["--json"] }) {
            let run = try Executable.run(command, in: folder.url)
            for printed in [run.output, run.errorOutput] {
                let raw = printed.unicodeScalars.filter { TerminalText.isUnsafe($0) && $0 != "\n" }
                #expect(raw.isEmpty, "\(command.joined(separator: " ")) printed \(raw.map { $0.value })")
            }
            // The last command names a container that cannot be (a usage error, on standard error alone).
            #expect(
                run.output.isEmpty == (command == commands.last),
                "\(command.joined(separator: " ")): \(run.errorOutput)")
            if command.contains("--json") {
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil,
                    "\(command.joined(separator: " ")) printed invalid JSON: \(run.output)")
            }
        }
        let lint = try Executable.run(["lint", "Hostile"], in: folder.url)
        for part in [#"view "only\u001B]0;PWNED\u0007" has no default"#, "Hostile/X\\u001B[31m.json: error: "] {
            #expect(lint.output.contains(part))
        }
        let show = try Executable.run(["show", "Card", "Hostile", "--device", "iPhone6"], in: folder.url)
        #expect(
            show.outputLines.contains {
                $0.hasPrefix(#"t\u001B[2J "#) && $0.contains(" imageName ") && $0.contains(#" "a\u009B31mred" "#)
            })
        let json = try Executable.run(["lint", "Hostile", "--json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let messages = (object["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("view \"only\u{1B}]0;PWNED\u{07}\" has no default") })
        let devices = try Executable.run(["devices", "--catalog", "hostile.json", "--json"], in: folder.url)
        #expect(
            try DeviceCatalog(json: Data(devices.output.utf8)).profiles.map(\.name.rawValue).contains("Odd\u{202E}Name")
        )
    }
}
