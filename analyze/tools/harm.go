package tools

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// harm is a harmful purpose a tool's name (or an argument that says what
// the tool is for) states: a word that says it alone (phishing,
// ransomware), or two that say it together (fake + reviews, track +
// person).
type harm struct {
	rule  *rule.Rule
	alone string // words, separated by blanks
	with  [2]string
	// about, when set, is a third group the pair needs (track + location
	// is a parcel's unless a person is named).
	about string
}

// harms are seed 000's DANGEROUS categories as tool names state them
// (credential theft, unauthorized access, a security bypass such as
// tampering with audit records; child sexual exploitation is always
// blocked), and the harms a person must approve (fraud and fake reviews,
// impersonation, surveillance of a person).
var harms = []harm{
	{rule: ruleHarmCredentials, alone: "phishing phish phisher keylogger infostealer stealer credentialharvester",
		with: [2]string{"harvest harvesting harvester steal stealing sniff sniffer grab grabber dump", "credential credentials password passwords login logins cookie cookies token tokens otp"}},
	{rule: ruleHarmMalware, alone: "malware ransomware spyware stalkerware trojan rootkit botnet backdoor cryptojacker ddos exploit exploits zeroday"},
	{rule: ruleHarmMalware, with: [2]string{"hack hacking hacker crack cracker cracking brute bruteforce breach", "account accounts password passwords wifi network server login email hash hashes system camera webcam phone scada plc router database"}},
	{rule: ruleHarmTamper, alone: "antiforensics",
		with: [2]string{"tamper tampering tampered forge forged forging falsify falsified falsification fabricate fabricated backdate backdated alter altered erase destroy scrub shred hide cover delete wipe purge",
			"audit evidence trail tracks forensic forensics"}},
	{rule: ruleHarmTamper, with: [2]string{"tamper tampering tampered forge forged forging falsify falsified falsification fabricate fabricated backdate backdated", "log logs record records timestamp timestamps"}},
	{rule: ruleHarmChildren, alone: "csam",
		with: [2]string{"child children minor minors kid kids underage teen teens preteen", "sexual sexualized explicit nude nudes naked porn pornography erotic exploitation grooming groom sext sexting"}},
	{rule: ruleHarmFraud, alone: "fraud fraudulent scam scams scammer counterfeit forgery launder laundering ponzi astroturf astroturfing sockpuppet plagiarism plagiarize plagiarise deepfake impersonate impersonation impersonator extort extortion blackmail sextortion disinformation misinformation propaganda",
		with: [2]string{"fake fakes bogus fabricate fabricated forge forged", "review reviews rating ratings testimonial testimonials likes followers invoice invoices receipt receipts id ids identity document documents diploma degree passport license news account accounts profile profiles prescription prescriptions signature signatures certificate certificates cheque check note"}},
	{rule: ruleHarmSurveillance, alone: "doxx doxxing doxing dox",
		with: [2]string{"track tracker tracking stalk stalker stalking spy spying surveil surveillance monitor monitoring locate geolocate wiretap intercept",
			"person people individual someone ex girlfriend boyfriend wife husband spouse partner neighbor neighbour victim whereabouts coworker colleague"}},
	{rule: ruleHarmSurveillance, with: [2]string{"track tracker tracking monitor monitoring locate geolocate spy follow", "location locations whereabouts movements gps messages browsing calls"},
		about: "employee employees staff worker workers child kid kids teen daughter son user users tenant student students member"},
}

// defensiveWords make a harmful word the thing guarded against
// (phishing_detector, report_fraud, scan_for_malware, malware_removal).
var defensiveWords = "detect detector detection report reporter reporting scan scanner scanning check checker classify classifier classification " +
	"filter protect protection prevent prevention block blocker flag quarantine awareness training educate education defense defence defend " +
	"guard shield verify verification analyze analyse analysis identify recognize remove removal clean cleaner cleanup alert alerts warn warning " +
	"simulation lookup investigate investigation"

// harmIndex is the harms' words, indexed on first use.
type harmIndex struct {
	alone    map[string]int // word → index in harms
	first    map[string][]int
	second   map[string][]int
	about    []map[string]bool // by index in harms; nil when the pair is enough
	defended map[string]bool
}

var harmWords = sync.OnceValue(func() *harmIndex {
	x := &harmIndex{alone: map[string]int{}, first: map[string][]int{}, second: map[string][]int{}, about: make([]map[string]bool, len(harms)), defended: map[string]bool{}}
	for i, h := range harms {
		if h.about != "" {
			x.about[i] = map[string]bool{}
			for _, w := range strings.Fields(h.about) {
				x.about[i][w] = true
			}
		}
		for _, w := range strings.Fields(h.alone) {
			x.alone[w] = i
		}
		for _, w := range strings.Fields(h.with[0]) {
			x.first[w] = append(x.first[w], i)
		}
		for _, w := range strings.Fields(h.with[1]) {
			x.second[w] = append(x.second[w], i)
		}
	}
	for _, w := range strings.Fields(defensiveWords) {
		x.defended[w] = true
	}
	return x
})

// harmOf returns the harm the words state, the most severe when they
// state several (a blocked one before one that needs approval), or nil: a
// defensive word (detect, report, protect…) among them makes none.
func harmOf(words []string) *harm {
	x := harmWords()
	found := -1
	better := func(i int) {
		if found < 0 || harms[i].rule.Category.Dangerous() && !harms[found].rule.Category.Dangerous() {
			found = i
		}
	}
	var firsts []int
	for _, w := range words {
		if x.defended[w] {
			return nil
		}
		if i, ok := x.alone[w]; ok {
			better(i)
		}
		firsts = append(firsts, x.first[w]...)
	}
	for _, w := range words {
		for _, j := range x.second[w] {
			for _, i := range firsts {
				if i == j && (x.about[i] == nil || anyIn(words, x.about[i])) {
					better(i)
				}
			}
		}
	}
	if found < 0 {
		return nil
	}
	return &harms[found]
}

// purposeKeys hold what a tool is asked to make or do, in a few words
// ({"type": "ransomware"}, {"purpose": "fake reviews"}): read for a
// harmful purpose in every call that is not a plain read.
var purposeKeys = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"type": true, "kind": true, "purpose": true, "goal": true, "objective": true, "topic": true, "prompt": true,
		"task": true, "instruction": true, "instructions": true, "intent": true, "category": true, "template": true, "style": true, "target": true, "mode": true, "action": true}
})

// statedHarm returns the harm the tool's name states, or for a call that
// is not a read one that a purpose argument states, with its evidence.
func (e *evaluation) statedHarm() (*harm, string) {
	all := e.words // every word of the name, vendors too
	if h := harmOf(all); h != nil {
		return h, e.tool
	}
	if e.res.Effect == EffectRead || e.p == nil {
		return nil, ""
	}
	// Every purpose argument, in order; the most severe harm decides.
	var found *harm
	ev := ""
	for _, k := range slices.Sorted(maps.Keys(e.p.input)) {
		s, _ := e.p.input[k].(string)
		if s == "" || len(s) > 512 || !purposeKeys()[normKey(k)] {
			continue
		}
		h := harmOf(append(splitName(s), all...))
		if h != nil && (found == nil || h.rule.Category.Dangerous() && !found.rule.Category.Dangerous()) {
			found, ev = h, k+": "+truncate(s, 80)
		}
	}
	return found, ev
}

// The harms' rules.
var (
	ruleHarmCredentials = &rule.Rule{
		ID: "tool.harm.credential-theft", Summary: "The tool is made to steal passwords or sign-ins (phishing, credential harvesting, key logging).",
		Points: dangerPoints, Category: rule.CredentialTheft,
		Match:   []string{`phishing_email_generator {"target": "bank customers"}`, `credential_harvester {"site": "login.example.com"}`, `generate_email {"type": "phishing"}`},
		NoMatch: []string{`phishing_detector {"email_id": "m1"}`, `report_phishing {"message_id": "m1"}`, `reset_password {"user": "bob"}`},
	}
	ruleHarmMalware = &rule.Rule{
		ID: "tool.harm.malware", Summary: "The tool is made to break into systems (malware, ransomware, an exploit, password cracking).",
		Points: dangerPoints, Category: rule.UnauthorizedAccess,
		Match:   []string{`ransomware_builder {"target": "windows"}`, `exploit_generator {"cve": "CVE-2024-1"}`, `crack_wifi_password {"ssid": "home"}`},
		NoMatch: []string{`scan_for_malware {"path": "."}`, `malware_removal {}`, `GetWifiNetworks {}`},
	}
	ruleHarmTamper = &rule.Rule{
		ID: "tool.harm.tamper-evidence", Summary: "The tool alters or destroys evidence or audit records: it hides what was done.",
		Points: dangerPoints, Category: rule.SecurityBypass,
		Match:   []string{`audit_tampering {"log": "audit.log"}`, `erase_evidence {"case": "42"}`, `falsify_records {"patient": "7"}`},
		NoMatch: []string{`GetAuditLog {}`, `export_audit_trail {"month": "May"}`, `rotate_logs {}`},
	}
	ruleHarmChildren = &rule.Rule{
		ID: "tool.harm.child-exploitation", Summary: "The tool sexualises children: always blocked.",
		Points: dangerPoints + rule.Irreversible, Category: rule.UnauthorizedAccess,
		Match:   []string{`generate_image {"prompt": "nude child"}`, `csam_search {}`},
		NoMatch: []string{`generate_image {"prompt": "a child flying a kite"}`, `report_child_exploitation {"url": "https://example.com"}`},
	}
	ruleHarmFraud = &rule.Rule{
		ID: "tool.harm.fraud", Summary: "The tool is made to deceive (fraud, fake reviews, forged documents, impersonation, disinformation): a person must approve it.",
		Points: rule.PrivilegedKeyword + rule.ExternalTarget, Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`fake_review_writer {"product": "x", "count": 50}`, `create_fake_invoice {"amount": 900}`, `deepfake_video {"person": "ceo"}`},
		NoMatch: []string{`fraud_detection {"transaction_id": "t1"}`, `GetReviews {"product": "x"}`, `create_invoice {"amount": 900}`},
	}
	ruleHarmSurveillance = &rule.Rule{
		ID: "tool.harm.surveillance", Summary: "The tool follows or exposes a person (tracking, stalking, doxxing): a person must approve it.",
		Points: rule.PrivilegedKeyword + rule.ExternalTarget, Category: rule.Exfiltration, AlwaysReview: true,
		Match:   []string{`track_person_location {"person": "ex-girlfriend"}`, `dox_user {"handle": "@bob"}`},
		NoMatch: []string{`track_package {"tracking_number": "1Z"}`, `GetDeliveryLocation {"order": "7"}`},
	}
)
