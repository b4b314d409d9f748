package intent

import "sync"

// The word tables are built on first use, not when the process starts:
// every hook call runs the init of every linked package, and most calls
// never need them.
var tablesOnce sync.Once

// tables builds the word tables once.
func tables() { tablesOnce.Do(buildTables) }

func buildTables() {
	connectors = set("and then also after afterwards plus but finally next that so")
	auxiliaries = set("was were is are did does do will would should can could has have had")
	pairWords = set("between both difference differences compare contrast versus vs")
	riskWords = set("risk risks danger dangers dangerous consequence consequences implication implications " +
		"downside downsides pros cons safe safely wise prevent avoid protect")
	weighingStarts = set("what why should would is are does was were")
	attackerWords = set("attacker attackers hacker hackers scammer scammers criminal criminals adversary adversaries " +
		"malware phisher phishers fraudster fraudsters thief thieves")
	ownOwners = set("my our your company team org organization organisation business firm department project " +
		"app site website group family household school office")
	peopleRecords = set("users user customers accounts account record data everyone")
	lowValue = set("temporary temp tmp cache cached old duplicate duplicates unused empty junk spam trash draft drafts " +
		"test testing dev local sample scratch sandbox demo expired build completed archived stale obsolete")
	narrowing = set("from in older that which with tagged labeled labelled except inside under since dated matching")
	locative = set("from in on inside off within of")
	secretWords = set("secret credential shadow hashes cookie env keychain")
	secretQualifiers = set("private ssh api access admin root database db server service master system production prod aws")
	reviewWords = set("review reviews rating ratings testimonial testimonials")
	manyWords = set("different multiple several various many fake other alternate")
	identityWords = set("name names account accounts identity identities profile profiles persona personas email emails")
	outwardVerbs = set("send email forward upload post share export give")
	recordOwners = set("customer customers user users employee employees patient patients client clients member members subscriber subscribers")
	personalData = set("email emails phone number numbers address addresses data record records ssn ssns detail details " +
		"information info contact contacts birthday birthdays salary salaries database db table list crm dump")
	subjects = set("i we he she they")
	orderingWords = set("alphabetically chronologically list rows columns items lines by")
	opinionWords = set("thoughts thought opinion opinions ideas idea view views feedback tips advice knowledge experience")
	accessWords = set("access permission permissions rights right admin role edit")
	serviceWords = set("google gdoc gdocs gsheet notion confluence drive dropbox onedrive sharepoint quip coda " +
		"airtable evernote box jira trello asana wiki workspace icloud office365 o365")
	relativeWords = set("that which who using to for about with explaining describing listing")
	modals = set("would will could can may might shall")
	addressees = set("you u ya yall we someone somebody anyone")
	techObjects = set("api apis endpoint endpoints webhook webhooks service services function functions method " +
		"methods server servers url lambda script hook hooks backend rpc tool tools model procedure host hosts " +
		"ip site website staging production prod database db box machine vm router cluster node gateway dns")
	physicalNouns = set("door doors gate gates garage lock locks window windows safe vault trunk")
	planNouns = set("plan plans tier premium subscription subscriptions membership pro family annual yearly monthly")
	securitySettings = set("password passwords passcode passphrase pin credential credentials firewall mfa 2fa " +
		"two-factor ssh dns sso oauth token tokens secret secrets key keys encryption recovery")
	settingVerbs = set("change update modify set reset rotate disable enable turn switch edit configure alter adjust replace")
	signInWords = set("in into on out off onto")
	embeddedQuestion = set("how why whether what where which who")
	anaphors = set("it them this that these those")
	flaggable = set("email emails message messages ticket tickets issue issues conversation thread task tasks comment post it them this")
	freeLists = set("newsletter newsletters list mailing updates notifications alerts podcast feed blog channel digest")
	accountNouns = set("account accounts membership profile")
	gitNouns = set("branch commit tag main master develop head")
	reviewNouns = set("pr prs pull review changes merge diff")
	forceWords = set("force forced --force -f")
	currencyWords = set("dollar dollars buck bucks euro euros pound pounds usd eur gbp quid cents yen")
	storageNouns = set("folder folders files file inbox disk drive desktop downloads directory emails photos " +
		"branches logs bucket database contacts mailbox storage")
	generatedObjects = set("code script function program class snippet regex regexp query template " +
		"outline plan checklist poem story essay summary diagram chart table example examples tests " +
		"component module algorithm prompt recipe draft letter email message reply post doc " +
		"documentation readme method struct interface type schema snippet loop solution answer list " +
		"paragraph sentence description tweet caption headline slogan joke song bio resume cv cover " +
		"proposal report presentation slide slides page website app html css sql bash python javascript go")
	commNouns = set("email mail message letter reply post tweet text note newsletter announcement memo invitation invite")
	aboutWords = set("about regarding concerning re")
	moneyNouns = set("purchase payment transfer donation order deposit withdrawal transaction wire refund invoice bill")
	externalWords = set("api webhook slack twitter x facebook instagram linkedin github gitlab jira teams discord " +
		"whatsapp telegram server endpoint remote cloud s3 bucket aws gcp azure production prod customer customers " +
		"client clients public everyone team channel website")
	lowStakes = set("test tests sample samples dummy example scratch playground sandbox lint linter linters " +
		"formatter typecheck typechecker spellcheck benchmark benchmarks locally")
	selfWords = set("me myself")
	makeChanges = set("copy backup duplicate change changes folder file directory reservation booking appointment " +
		"repo repository branch channel account project group event calendar playlist database table bucket ticket " +
		"issue card task reminder label tag commit release")
	reversibleWords = set("archive trash bin recycle temporarily undo revert snapshot backup copy duplicate rename")
	urgentWords = set("now immediately asap urgently urgent quickly hurry instantly")
	questionStarts = set("how what why when where which who whom whose is are does do did should was were has have isn't")
	hypoStarts = set("suppose supposing imagine hypothetically assuming")
	condStarts = set("if when whenever once unless")
	whetherVerbs = set("check see verify ask know tell find out confirm determine test figure wonder sure")
	defensiveWords = set("protect prevent defend detect secure avoid recognize recognise spot report mitigate " +
		"sanitize sanitise escape parameterize parameterise scan harden safe safely awareness " +
		"training explain what define")
	negations = set("not never no")
	doubleNegate = set("forget hesitate fail neglect")
	ambiguousVerbs = set("update change modify fix edit handle manage sort clean adjust")
	contentApps = set("code-editor editor template-engine ide notebook document-editor")
	directApps = set("file-manager finder explorer shell terminal")
	buildHarmTables()
}
