package tools

import "sync"

// Effects of a tool call.
const (
	EffectRead    = "read"
	EffectWrite   = "write"
	EffectSend    = "send"
	EffectPost    = "post"
	EffectPayment = "payment"
	EffectGrant   = "grant"
	EffectUnlock  = "unlock"
	EffectDelete  = "delete"
	EffectExecute = "execute"
	EffectUnknown = "unknown"
)

// verbs maps a verb of a tool name to its effect.
var verbs = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"get": EffectRead, "list": EffectRead, "read": EffectRead, "search": EffectRead, "find": EffectRead, "query": EffectRead, "fetch": EffectRead, "view": EffectRead, "show": EffectRead, "describe": EffectRead,
		"lookup": EffectRead, "look": EffectRead, "count": EffectRead, "check": EffectRead, "status": EffectRead, "explain": EffectRead, "summarize": EffectRead, "analyze": EffectRead, "calculate": EffectRead,
		"convert": EffectRead, "translate": EffectRead, "format": EffectRead, "help": EffectRead, "verify": EffectRead, "review": EffectRead, "inspect": EffectRead, "browse": EffectRead, "download": EffectRead,
		"retrieve": EffectRead, "load": EffectRead, "open": EffectRead, "preview": EffectRead, "watch": EffectRead, "monitor": EffectRead, "track": EffectRead, "compare": EffectRead, "estimate": EffectRead,
		"navigate": EffectRead, "scan": EffectRead, "detect": EffectRead, "identify": EffectRead, "recognize": EffectRead, "locate": EffectRead, "info": EffectRead, "details": EffectRead, "ping": EffectRead,
		"test": EffectRead, "validate": EffectRead, "diff": EffectRead, "cat": EffectRead, "grep": EffectRead, "ls": EffectRead, "print": EffectRead, "export": EffectRead, "parse": EffectRead, "extract": EffectRead,
		"who": EffectRead, "what": EffectRead, "is": EffectRead, "has": EffectRead, "can": EffectRead, "recommend": EffectRead, "suggest": EffectRead, "plan": EffectRead, "access": EffectRead,
		"screenshot": EffectRead, "glob": EffectRead, "capture": EffectRead, "fulfill": EffectWrite, "fulfil": EffectWrite, "summarise": EffectRead, "analyse": EffectRead, "poll": EffectRead, "peek": EffectRead, "audit": EffectRead,

		"create": EffectWrite, "update": EffectWrite, "set": EffectWrite, "add": EffectWrite, "edit": EffectWrite, "write": EffectWrite, "put": EffectWrite, "patch": EffectWrite, "upload": EffectWrite, "insert": EffectWrite,
		"modify": EffectWrite, "change": EffectWrite, "rename": EffectWrite, "move": EffectWrite, "copy": EffectWrite, "save": EffectWrite, "merge": EffectWrite, "close": EffectWrite, "schedule": EffectWrite, "book": EffectWrite,
		"archive": EffectWrite, "upsert": EffectWrite, "replace": EffectWrite, "make": EffectWrite, "mark": EffectWrite, "star": EffectWrite, "label": EffectWrite, "tag": EffectWrite, "enable": EffectWrite, "disable": EffectWrite,
		"toggle": EffectWrite, "lock": EffectWrite, "start": EffectWrite, "stop": EffectWrite, "pause": EffectWrite, "resume": EffectWrite, "submit": EffectWrite, "request": EffectWrite, "apply": EffectWrite,
		"register": EffectWrite, "enroll": EffectWrite, "like": EffectWrite, "follow": EffectWrite, "unfollow": EffectWrite, "mute": EffectWrite, "reschedule": EffectWrite, "complete": EffectWrite, "sync": EffectWrite,
		"import": EffectWrite, "draft": EffectWrite, "compose": EffectWrite, "record": EffectWrite, "log": EffectWrite, "adjust": EffectWrite, "configure": EffectWrite, "control": EffectWrite, "turn": EffectWrite,
		"switch": EffectWrite, "increase": EffectWrite, "decrease": EffectWrite, "play": EffectWrite, "place": EffectWrite, "manage": EffectWrite, "handle": EffectWrite, "assign": EffectWrite, "reserve": EffectWrite,
		"restore": EffectWrite, "fork": EffectWrite, "clone": EffectWrite, "commit": EffectWrite, "push": EffectWrite, "pin": EffectWrite, "unpin": EffectWrite, "snooze": EffectWrite, "block": EffectWrite, "report": EffectWrite,
		"generate": EffectWrite, "organize": EffectWrite, "sort": EffectWrite, "categorize": EffectWrite, "redirect": EffectWrite, "reassign": EffectWrite, "fill": EffectWrite, "input": EffectWrite, "type": EffectWrite, "click": EffectWrite, "press": EffectWrite, "upgrade": EffectWrite, "renew": EffectWrite, "initiate": EffectWrite, "new": EffectWrite,
		"append": EffectWrite, "prepend": EffectWrite, "attach": EffectWrite, "detach": EffectWrite, "bookmark": EffectWrite, "favorite": EffectWrite, "favourite": EffectWrite, "unstar": EffectWrite,
		"annotate": EffectWrite, "rate": EffectWrite, "accept": EffectWrite, "decline": EffectWrite, "reject": EffectWrite, "subscribe": EffectWrite, "unmute": EffectWrite, "unarchive": EffectWrite,

		"send": EffectSend, "email": EffectSend, "mail": EffectSend, "message": EffectSend, "notify": EffectSend, "invite": EffectSend, "forward": EffectSend, "reply": EffectSend, "respond": EffectSend, "dm": EffectSend,
		"sms": EffectSend, "text": EffectSend, "call": EffectSend, "dial": EffectSend, "contact": EffectSend, "alert": EffectSend, "dispatch": EffectSend, "ask": EffectSend, "remind": EffectSend, "chat": EffectSend,
		"rsvp": EffectSend, "page": EffectSend, "ship": EffectSend, "sign": EffectSend, "countersign": EffectSend,

		"post": EffectPost, "publish": EffectPost, "tweet": EffectPost, "retweet": EffectPost, "toot": EffectPost, "broadcast": EffectPost, "announce": EffectPost, "comment": EffectPost, "quote": EffectPost,
		"upvote": EffectPost, "repost": EffectPost, "share": EffectGrant,

		"pay": EffectPayment, "transfer": EffectPayment, "withdraw": EffectPayment, "purchase": EffectPayment, "buy": EffectPayment, "charge": EffectPayment, "refund": EffectPayment, "sell": EffectPayment, "trade": EffectPayment,
		"deposit": EffectPayment, "payout": EffectPayment, "checkout": EffectPayment, "donate": EffectPayment, "tip": EffectPayment, "wire": EffectPayment, "swap": EffectPayment, "order": EffectPayment, "bid": EffectPayment, "exchange": EffectPayment,

		"grant": EffectGrant, "revoke": EffectGrant, "authorize": EffectGrant, "permit": EffectGrant, "promote": EffectGrant, "demote": EffectGrant, "approve": EffectGrant, "unshare": EffectGrant,

		"unlock": EffectUnlock, "unlatch": EffectUnlock, "disarm": EffectUnlock, "unblock": EffectWrite, "go": EffectWrite, "goto": EffectWrite,

		"delete": EffectDelete, "remove": EffectDelete, "drop": EffectDelete, "destroy": EffectDelete, "purge": EffectDelete, "wipe": EffectDelete, "truncate": EffectDelete, "erase": EffectDelete, "clear": EffectDelete,
		"trash": EffectDelete, "empty": EffectDelete, "uninstall": EffectDelete, "cancel": EffectDelete, "terminate": EffectDelete, "kill": EffectDelete, "reset": EffectDelete, "unsubscribe": EffectDelete,
		"discard": EffectDelete, "deactivate": EffectDelete, "rm": EffectDelete, "shred": EffectDelete, "overwrite": EffectDelete, "void": EffectDelete, "dismiss": EffectDelete,

		"run": EffectExecute, "execute": EffectExecute, "exec": EffectExecute, "eval": EffectExecute, "deploy": EffectExecute, "install": EffectExecute, "invoke": EffectExecute, "trigger": EffectExecute, "launch": EffectExecute,
		"shell": EffectExecute, "bash": EffectExecute, "python": EffectExecute, "sh": EffectExecute, "command": EffectExecute, "compile": EffectExecute, "build": EffectExecute,
		"restart": EffectExecute, "reboot": EffectExecute, "shutdown": EffectExecute, "rollback": EffectExecute, "provision": EffectExecute, "scale": EffectExecute, "migrate": EffectExecute,
		"redeploy": EffectExecute, "rerun": EffectExecute, "spawn": EffectExecute,
	}
})

// nounVerbs are words that are verbs in the verbs table but nouns when
// another verb follows them (the Lock of SmartLockUnlockDoor, the Email of
// EmailSend, the Order of OrderCancel).
var nounVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"lock": true, "post": true, "message": true, "order": true, "book": true, "comment": true, "email": true,
		"call": true, "reply": true, "tweet": true, "text": true, "mail": true, "tag": true, "label": true, "log": true,
		"record": true, "command": true, "shell": true, "draft": true, "access": true, "status": true, "alert": true,
		"request": true, "transfer": true, "trade": true, "star": true, "file": true, "plan": true, "details": true, "info": true,
		"control": true, "report": true, "dispatch": true, "payment": true, "contact": true, "type": true, "test": true, "review": true, "chat": true, "tip": true, "wire": true,
		"page": true, "rate": true, "screenshot": true, "audit": true, "ship": true,
	}
})

// Nouns that turn a generic verb into a stronger effect.
var (
	moneyNouns = map[string]bool{"payment": true, "payments": true, "money": true, "funds": true, "fund": true,
		"transfer": true, "transaction": true, "order": true, "trade": true, "purchase": true, "withdrawal": true,
		"cash": true, "wire": true, "bill": true, "payout": true, "donation": true, "tip": true}
	accessNouns = map[string]bool{"access": true, "permission": true, "permissions": true, "collaborator": true,
		"collaborators": true, "member": true, "members": true, "guest": true, "guests": true, "role": true, "roles": true,
		"admin": true, "owner": true, "ownership": true, "acl": true, "key": true, "keys": true, "token": true, "sharing": true, "policy": true}
	messageNouns = map[string]bool{"email": true, "emails": true, "message": true, "messages": true, "sms": true,
		"dm": true, "dispatch": true, "notification": true, "invitation": true, "invite": true, "reply": true, "text": true, "mail": true,
		"participant": true, "participants": true, "attendee": true, "attendees": true, "invitee": true, "invitees": true}
	postNouns = map[string]bool{"post": true, "tweet": true, "comment": true, "status": true, "story": true,
		"review": true, "article": true, "blog": true}
	physicalNouns = map[string]bool{"camera": true, "cameras": true, "door": true, "doors": true, "gate": true, "garage": true, "lock": true, "locks": true,
		"alarm": true, "safe": true, "window": true, "vault": true}
	securityNouns = map[string]bool{"security": true, "firewall": true,
		"mfa": true, "2fa": true, "auth": true, "authentication": true, "protection": true, "antivirus": true, "monitoring": true, "audit": true,
		"guardduty": true, "cloudtrail": true, "waf": true, "defender": true, "edr": true, "encryption": true, "ssl": true, "tls": true,
		"captcha": true, "sso": true, "selinux": true, "apparmor": true, "scanning": true, "otp": true, "totp": true, "verification": true}
	// physicalVerbs open something in the physical world: their security
	// nouns ("Nest Security") name a home system, not a software control.
	physicalVerbs = map[string]bool{"unlock": true, "unlatch": true, "disarm": true, "open": true}
	// travelNouns make a booking spend money.
	travelNouns = map[string]bool{"hotel": true, "hotels": true, "flight": true, "flights": true, "room": true, "rooms": true,
		"car": true, "rental": true, "ticket": true, "tickets": true, "trip": true, "trips": true, "stay": true, "accommodation": true,
		"cruise": true, "tour": true, "seat": true, "seats": true, "train": true, "vacation": true, "package": true}
	// eventNouns: an invitation to one is a message, not access.
	eventNouns = map[string]bool{"event": true, "events": true, "meeting": true, "meetings": true, "party": true, "call": true,
		"webinar": true, "calendar": true, "appointment": true, "lunch": true, "dinner": true}
	draftNouns  = map[string]bool{"draft": true, "drafts": true, "template": true, "note": true, "notes": true}
	cryptoWords = map[string]bool{"binance": true, "coinbase": true, "crypto": true, "bitcoin": true, "btc": true,
		"eth": true, "ethereum": true, "usdt": true, "wallet": true, "sol": true, "kraken": true, "metamask": true}
	httpNouns = map[string]bool{"http": true, "https": true, "api": true, "url": true, "webhook": true, "rest": true, "curl": true}
)

// LeadingRead reports a tool name whose first word (after vendor and
// server names) is a verb that only reads: GetSmsMessages, list_emails,
// SearchPayments. Such a tool reads whatever it names.
func LeadingRead(name string) bool {
	for _, wd := range splitName(name) {
		if vendors()[wd] {
			continue
		}
		return verbs()[wd] == EffectRead && !nounVerbs()[wd]
	}
	return false
}
