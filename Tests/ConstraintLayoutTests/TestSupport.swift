// The shared test support (Tests/TestSupport), for every file of this target without an import of its own.
@_exported import TestSupport
