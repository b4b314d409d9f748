//go:build !unix

package guard

// fileID is a file's identity; hard links are not told apart here (on
// Windows a hard link of a protected file is judged by its written name).
type fileID struct{}

func fileIdentity(string) (fileID, bool) { return fileID{}, false }

func linkedFile(string) (fileID, bool) { return fileID{}, false }
