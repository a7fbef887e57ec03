package errnames

// Tools is declared by hand, where toolgen would declare it.
func Tools() {}

// fetch has the default name of Fetch, in another file.
//
//toolgen:tool
func fetch() error { return nil }

// SameNameAsC runs on C too; C's Tools clash is reported once.
//
//toolgen:tool
func (C) SameNameAsC() error { return nil }
