package shell

import "strings"

// Tools that erase a disk, an encrypted volume's keys or a file system
// without mkfs's name: what they destroy cannot be brought back.

// diskEraseHandler: cryptsetup luksFormat/erase, nvme format/sanitize,
// hdparm's security erase and trim, btrfs subvolume delete.
func diskEraseHandler(c *Cmd, r *report) {
	var what string
	switch c.Name {
	case "cryptsetup":
		// Actions are distinctive words wherever options put them
		// (cryptsetup --type luks2 luksFormat DEV).
		switch {
		case c.Contains("luksFormat"):
			what = "Formats %s as a new encrypted volume: everything on it is lost."
		case c.Contains("erase", "luksErase"):
			what = "Erases every key slot of %s: its encrypted data can never be read again."
		case c.Contains("luksKillSlot", "luksRemoveKey"):
			what = "Removes a key of the encrypted volume %s: without the others its data cannot be read."
		}
	case "nvme":
		switch c.Sub(0) {
		case "format":
			what = "Formats the NVMe namespace %s: everything on it is lost."
		case "sanitize":
			what = "Sanitizes the NVMe drive %s: everything on it is erased."
		}
	case "hdparm":
		if c.Has("--security-erase", "--security-erase-enhanced", "--trim-sector-ranges", "--trim-sector-ranges-stdin", "--write-sector", "--make-bad-sector", "--security-set-pass") {
			what = "Erases or overwrites the drive %s below its file system: what it held is lost."
		}
	case "btrfs":
		// btrfs takes any unambiguous prefix of its commands (btrfs su de).
		p := c.Positional()
		if len(p) >= 2 && len(p[0]) >= 2 && strings.HasPrefix("subvolume", p[0]) && strings.HasPrefix("delete", p[1]) {
			what = "Deletes the btrfs subvolume %s and every file in it at once."
		}
	}
	if what == "" {
		return
	}
	r.mutates()
	target := ""
	for _, a := range c.Positional() {
		if strings.HasPrefix(a, "/") || strings.HasPrefix(a, "~") || strings.HasPrefix(a, ".") {
			target = a
		}
	}
	shown := target
	if shown == "" {
		shown = "the device it names"
	}
	r.add(c.find(ruleDiskWipe, strings.Replace(what, "%s", shown, 1), target))
}
