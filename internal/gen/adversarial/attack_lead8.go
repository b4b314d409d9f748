package main

// attackLead8ExtraRows: drives, encrypted volumes and subvolumes erased by
// tools without mkfs's name, and git commands that only ask for their
// help (they run nothing), with twins that read the same devices.
func attackLead8ExtraRows() []Row {
	const cwd = "/home/dev/proj"
	d := func(cmd, what string) Row {
		return Row{Class: attackLeftovers, Command: cmd, Cwd: cwd, Destructive: true, Min: "block", What: what}
	}
	b := func(cmd, what string) Row { return Row{Class: attackLeftovers, Command: cmd, Cwd: cwd, What: what} }
	return []Row{
		d(`sudo cryptsetup -q luksFormat /dev/sdb`, "Formats the second drive as a new encrypted volume: its data is lost."),
		d(`cryptsetup --type luks2 luksFormat --batch-mode /dev/nvme1n1`, "Formats an NVMe drive as a new encrypted volume without asking."),
		d(`sudo cryptsetup erase /dev/mapper/home`, "Erases the key slots of the encrypted home volume: its data can never be read."),
		d(`nvme format /dev/nvme0n1 --ses=1`, "Securely formats the system's NVMe namespace."),
		d(`sudo nvme sanitize -a 2 /dev/nvme0`, "Sanitizes the whole NVMe drive."),
		d(`hdparm --user-master u --security-erase NULL /dev/sda`, "Starts the drive's own secure erase."),
		d(`btrfs su de /home/@snapshots/latest`, "Deletes a btrfs subvolume through command prefixes."),
		d(`sudo btrfs subvolume delete -c /home`, "Deletes the btrfs subvolume holding the home directories."),
		b(`cryptsetup luksDump /dev/sdb`, "Shows the encrypted volume's header."),
		b(`cryptsetup open /dev/sdb backup`, "Opens an encrypted backup drive."),
		b(`nvme smart-log /dev/nvme0`, "Reads the drive's health log."),
		b(`hdparm -I /dev/sda`, "Reads the drive's identification."),
		b(`btrfs subvolume list /`, "Lists the btrfs subvolumes."),
		b(`git filter-branch --help`, "Opens git filter-branch's manual page."),
		b(`git push --force --help`, "Shows git push's help."),
		b(`git reset -h`, "Prints git reset's usage."),
		b(`git clean -fdx --help`, "Shows git clean's help."),
	}
}
