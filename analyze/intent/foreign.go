package intent

import (
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/actionguard/actionguard/rule"
)

// Harm beyond English: the harm categories (harm.go) read in Spanish,
// French, German, Portuguese, Italian, Russian, Chinese and Japanese. A
// request is folded first (fold.go: accents, width, look-alike letters),
// so Fälschung, falschung and ｆａｌｓｃｈｕｎｇ are one word. In a language
// written with spaces a doing word and a harmful object are words of one
// sentence at most foreignWindow words apart; a term matches the start of
// a word ("falsific" reads falsificar, falsificada), a term "=x" only the
// word x, a term "*x" any word that holds x (German compounds:
// Kinderpornografie). Chinese and Japanese have no spaces: both terms are
// found in one sentence as text. The benign twin is read as in English: a
// protective or studying word before the harm ("cómo detectar noticias
// falsas"), a negated doing word ("no escribas insultos racistas"), or a
// question about what something is ("¿qué es el lavado de dinero?").
// Sexual content with a minor is cleared only by protecting or reporting.

// foreignWindow is how many words may stand between a doing word and its
// object.
const foreignWindow = 8

// foreignPattern is a doing word near a harmful object; with no objects
// the doing word is harmful alone.
type foreignPattern struct {
	rule **rule.Rule
	acts []string
	objs []string
	// with: one of these words must be near too ("falsa" needs a news
	// noun: "una noticia falsa", not "una prueba falsa" of a program).
	with   []string
	minors bool
}

// foreignLang is one language's terms.
type foreignLang struct {
	name     string
	cjk      bool // no spaces: terms are found as text
	verbLast bool // the verb ends the sentence: a protective word after the harm clears it too (Japanese)
	patterns []foreignPattern
	defense  []string // protecting, spotting, reporting, studying
	minorDef []string // the defense that clears sexual content with a minor
	negation []string
	after    []string // negations after the verb: French pas, German nicht, Japanese ないで
	info     []string // question starts about what something is: "que es"
	how      []string // words asking for the steps: "como", "comment"
}

func f(s string) []string { return strings.Fields(s) }

var foreignLangs = sync.OnceValue(makeForeignLangs)

// makeForeignLangs builds the languages' tables on first use.
func makeForeignLangs() []foreignLang {
	buildHarmRules()
	return []foreignLang{
		{name: "es",
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("escrib redact crea crear genera invent fabric difund public compart inventa haz hacer elabora prepar"),
					objs: f("bulo desinform propaganda deepfake fake_news enganos")},
				{rule: &ruleHarmDisinformation, acts: f("escrib redact crea crear genera invent fabric difund public compart inventa haz hacer elabora prepar"),
					objs: f("=falsa =falsas =falso =falsos inventad fraudulent"), with: f("noticia articulo cita declarac rumor video foto estadistic estudio comunicado reseña resena titular elecc vacun candidat president alcalde gobierno")},
				{rule: &ruleHarmDisinformation, acts: f("falsific invent fabric"), objs: f("cita declarac prueba evidencia document testimonio captura")},
				{rule: &ruleHarmDisinformation, acts: f("suplant"), objs: nil},
				// Phishing: a message that passes for another's to take
				// the reader's passwords or card.
				{rule: &ruleHarmFraud, acts: f("escrib redact crea crear genera envia manda mandar haz hacer prepar elabora"), objs: f("*phishing")},
				{rule: &ruleHarmFraud, acts: f("=robar =roba =robe =robes =robarle =robarles =captur =obten"), objs: f("contrasen credencial =clave =claves tarjeta"), with: f("=robar =roba =robe =robes =robarle =robarles pasar phishing suplant falso falsa")},
				{rule: &ruleHarmHarassment, acts: f("escrib redact crea genera envia mandar manda public compart haz"),
					objs: f("racist xenofob homofob machist insult amenazante ofensiv humillante")},
				{rule: &ruleHarmHarassment, acts: f("acosa =acose hostiga amenazar intimidar humillar"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("sexual erotic porno desnud =nude =nudes explicit obscen"), objs: f("menor nino nina ninos ninas infantil adolescent colegial #anos"), minors: true},
				{rule: &ruleHarmSexual, acts: f("porno desnud =nudes intim"), objs: f("companer vecin ex jefa jefe novia ella consentimiento compart difund public")},
				{rule: &ruleHarmDrugsWeapons, acts: f("fabric hace hacer cocin sintetiz prepar compr consegu vend produc haz obten cultiv"),
					objs: f("metanfetamina cocaina heroina fentanilo crack =lsd extasis bomba explosiv molotov detonador silenciador napalm ricina =arma_fantasma =armas_fantasma")},
				{rule: &ruleHarmDrugsWeapons, acts: f("compr consegu fabric hac imprim vend"), objs: f("arma armas pistola fusil rifle escopeta"), with: f("serie rastre fantasma casera casero imprim 3d ilegal automatic")},
				{rule: &ruleHarmCopyright, acts: f("descarg bajar bajame compart distribu subir consegu mirar"), objs: f("pirata pirate crackead =crack keygen torrent")},
				{rule: &ruleHarmCopyright, acts: f("quit elimin borr remov =sacale sacar"), objs: f("=agua copyright"), with: f("marca marcas")},
				{rule: &ruleHarmCopyright, acts: f("reescrib parafrase cambi modific copi"), objs: f("turnitin plagio detector")},
				{rule: &ruleHarmFraud, acts: f("estafar =estafa =estafe timar engañar enganar defraud chantaj extorsionar"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("blanque lavar lava"), objs: f("dinero efectivo fondos ganancias capital")},
				{rule: &ruleHarmFraud, acts: f("esconde ocult"), objs: f("dinero efectivo fondos ganancias capital"), with: f("narco droga sucio ilegal robad rastre policia hacienda sospech =sin")},
				{rule: &ruleHarmFraud, acts: f("blanquear blanqueo =blanquea"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("evadir evad eludir elud ocult esconde defraud"), objs: f("impuesto hacienda fisco")},
				{rule: &ruleHarmFraud, acts: f("usa usar compr pag gast vend"), objs: f("robad clonad")},
				{rule: &ruleHarmExploit, acts: f("explot aprovech usa"), objs: f("vulnerabilidad fallo brecha =exploit")},
				{rule: &ruleHarmExploit, acts: f("hacke jacke =hackea atac tumb infiltr ddos"), objs: f("servidor web sitio pagina red wifi cuenta sistema camara base_de_datos competencia whatsapp instagram facebook telegram gmail correo email perfil celular movil telefono contrasena clave")},
			},
			defense:  f("detect identific reconoc evit proteg prevenir preven denunci report combat desmient verific analiz investig estudi explic ensen concienci defend bloque seguridad parch corrig corrij arregl efecto riesgo peligro protej legal"),
			minorDef: f("proteg protej prevenir preven denunci report detect identific reconoc bloque evit"),
			negation: f("=no =nunca =jamas =sin =ni"), info: []string{"que es", "que son", "por que", "cual es la diferencia", "quien"}, how: f("como =donde pasos instrucciones receta manera forma"),
		},
		{name: "fr",
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("ecri redig cree creer genere invent fabriqu diffus publi partag fais faire propag"),
					objs: f("fake_news infox desinform propagande deepfake canular")},
				{rule: &ruleHarmDisinformation, acts: f("ecri redig cree creer genere invent fabriqu diffus publi partag fais faire propag"),
					objs: f("=fausse =fausses =faux inventee"), with: f("nouvelle info article citation declaration rumeur video photo statistique etude communique avis titre election vaccin candidat president maire gouvernement")},
				{rule: &ruleHarmDisinformation, acts: f("falsifi invent fabriqu"), objs: f("citation declaration preuve document temoignage capture")},
				{rule: &ruleHarmDisinformation, acts: f("usurp"), objs: nil},
				{rule: &ruleHarmHarassment, acts: f("ecri redig cree genere envoi envoy publi partag fais"),
					objs: f("raciste xenophobe homophobe sexiste insult menacant injur humiliant haineu")},
				{rule: &ruleHarmHarassment, acts: f("harceler =harcele =harcelez intimider menacer humilier"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("sexuel erotique porno nue nus =nude =nudes explicite obscene"), objs: f("mineur enfant fillette gamin adolescent ecolier #ans"), minors: true},
				{rule: &ruleHarmSexual, acts: f("porno nue nus =nudes intime"), objs: f("collegue voisin ex patronne copine elle consentement partag diffus publi")},
				{rule: &ruleHarmDrugsWeapons, acts: f("fabriqu fais faire cuisin synthetis prepar achet procur vend produi obten cultiv"),
					objs: f("methamphetamine meth cocaine heroine fentanyl crack =lsd ecstasy bombe explosif molotov detonateur silencieux ricine")},
				{rule: &ruleHarmDrugsWeapons, acts: f("achet procur fabriqu fais imprim vend"), objs: f("arme armes pistolet fusil"), with: f("serie trac fantome artisanal imprim 3d illegal automatique")},
				{rule: &ruleHarmCopyright, acts: f("telecharg partag distribu regarder obten"), objs: f("pirat cracke =crack keygen torrent")},
				{rule: &ruleHarmCopyright, acts: f("enlev supprim retir efface"), objs: f("filigrane copyright")},
				{rule: &ruleHarmCopyright, acts: f("reecri paraphras modifi copi"), objs: f("turnitin plagiat detecteur compilatio")},
				{rule: &ruleHarmFraud, acts: f("escroquer =escroque =escroquez arnaquer =arnaque =arnaquez extorquer =faire_chanter"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("blanchi"), objs: f("argent liquide fonds benefice")},
				{rule: &ruleHarmFraud, acts: f("cache dissimul"), objs: f("argent liquide fonds benefice"), with: f("drogue sale illegal vole trace police fisc")},
				{rule: &ruleHarmFraud, acts: f("fraud evad echapp cache dissimul"), objs: f("impot fisc")},
				{rule: &ruleHarmFraud, acts: f("=frauder =fraudez =fraudons"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("utilis achet pay depens vend"), objs: f("volee volees vole voles clone")},
				{rule: &ruleHarmExploit, acts: f("exploit profit"), objs: f("vulnerabilit faille breche")},
				{rule: &ruleHarmExploit, acts: f("pirat hack attaqu infiltr ddos fais_tomber"), objs: f("serveur site reseau wifi compte systeme camera base concurrent whatsapp instagram facebook telegram gmail courriel mail email profil portable telephone")},
			},
			defense:  f("detect identifi reconna evit proteg prevenir preven signal denonc combat dement verifi analys etudi expliqu enseign sensibilis defend bloqu secur corrig repar effet risque"),
			minorDef: f("proteg prevenir preven signal denonc detect identifi reconna bloqu evit"),
			negation: f("=ne =n =jamais =sans =ni"), after: f("=pas =jamais =rien"), info: []string{"qu est ce", "c est quoi", "qu est", "pourquoi", "quelle est la difference"}, how: f("comment =ou etapes instructions recette moyen facon"),
		},
		{name: "de",
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("schreib verfass erstell generier erfind verbreit veroffentlich teil mach produzier"),
					objs: f("*falschnachricht *falschmeldung *fakenews *fake desinform propaganda deepfake *lugengeschicht")},
				{rule: &ruleHarmDisinformation, acts: f("schreib verfass erstell generier erfind verbreit veroffentlich teil mach produzier"),
					objs: f("gefalscht =falsche =falschen =falsches erfunden"), with: f("nachricht artikel zitat aussage gerucht video foto statistik studie meldung bewertung schlagzeil wahl impf kandidat prasident burgermeister regierung")},
				{rule: &ruleHarmDisinformation, acts: f("falsch *falsch erfind"), objs: f("zitat aussage beweis dokument zeugenaussage screenshot")},
				{rule: &ruleHarmFraud, acts: f("schreib verfass erstell generier send mach entwirf entwerf"), objs: f("*phishing")},
				{rule: &ruleHarmFraud, acts: f("stehl =stiehl klau abgreif ergaunern"), objs: f("passw kennw zugangsdaten kreditkart =pin =pins")},
				{rule: &ruleHarmDisinformation, acts: f("=ausgeben =ausgibst"), objs: f("=als"), with: f("polizist polizei chef beamter arzt bank behorde finanzamt mitarbeiter")},
				{rule: &ruleHarmHarassment, acts: f("schreib verfass erstell generier schick send veroffentlich teil mach"),
					objs: f("rassist fremdenfeind homophob sexist beleidig drohbrief drohnachricht drohung hetz")},
				{rule: &ruleHarmHarassment, acts: f("=belastige =belastigen =mobbe =mobben schikanier =bedrohe =bedrohen =einschuchtern"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("sexuell erotisch porno nackt =nudes explizit"), objs: f("minderjahr kind madchen junge jugendlich schuler #jahre #jahrige *jahrig"), minors: true},
				{rule: &ruleHarmSexual, acts: f("*kinderporn"), objs: nil, minors: true},
				{rule: &ruleHarmSexual, acts: f("porno nackt =nudes intim"), objs: f("kollegin nachbarin ex freundin sie einverstandnis teil verbreit veroffentlich")},
				{rule: &ruleHarmDrugsWeapons, acts: f("herstell mach koch synthetis kauf besorg verkauf produzier bau baue =her"),
					objs: f("=meth methamphetamin kokain heroin fentanyl crack =lsd ecstasy *bombe sprengstoff *sprengsatz molotow zunder schalldampfer rizin")},
				{rule: &ruleHarmDrugsWeapons, acts: f("kauf besorg bau herstell druck verkauf"), objs: f("waffe waffen pistole gewehr"), with: f("seriennummer unregistriert illegal selbstgebaut 3d gedruckt vollautomatisch")},
				{rule: &ruleHarmCopyright, acts: f("lad herunterlad runterlad teil verbreit hochlad besorg"), objs: f("raubkopi *gecrackt =crack keygen torrent *cracked")},
				{rule: &ruleHarmCopyright, acts: f("entfern losch weg"), objs: f("*wasserzeichen copyright")},
				{rule: &ruleHarmCopyright, acts: f("umschreib schreib formulier paraphrasier verander kopier"), objs: f("turnitin plagiat *plagiatsprufung")},
				{rule: &ruleHarmFraud, acts: f("=betrugen =betruge =abzocken =zocke =erpressen =erpresse =reinlegen"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("wasch"), objs: f("geld bargeld gewinn *geld")},
				{rule: &ruleHarmFraud, acts: f("versteck verschleier"), objs: f("geld bargeld gewinn"), with: f("drogen schwarz illegal gestohlen polizei finanzamt")},
				{rule: &ruleHarmFraud, acts: f("hinterzieh versteck hinterzog"), objs: f("steuer finanzamt")},
				{rule: &ruleHarmFraud, acts: f("*steuerhinterzieh *geldwasch"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("benutz nutz kauf bezahl verkauf"), objs: f("gestohlen geklaut geklont")},
				{rule: &ruleHarmExploit, acts: f("ausnutz ausnutzen nutz"), objs: f("*schwachstelle *sicherheitsluck *lucke =exploit")},
				{rule: &ruleHarmExploit, acts: f("hack angreif lahmleg ddos einbrech eindring"), objs: f("server website seite netzwerk wlan konto system kamera datenbank konkurren whatsapp instagram facebook telegram gmail mail email profil handy telefon passwort")},
			},
			defense:  f("erkenn entdeck vermeid schutz schutz schutzen verhinder vorbeug meld anzeig bekampf widerleg uberpruf prufen analysier untersuch erklar aufklar sicher patch behebe beheb schliess wirkung risik gefahr"),
			minorDef: f("schutz schutzen verhinder vorbeug meld anzeig erkenn entdeck blockier vermeid"),
			negation: f("=nicht =kein =keine =keinen =keinem =keiner =nie =niemals =ohne"), after: f("=nicht =nie =niemals"), info: []string{"was ist", "was sind", "warum", "was bedeutet", "wie funktioniert"}, how: f("=wie wo anleitung schritte rezept"),
		},
		{name: "pt",
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("escrev redij cri gere ger invent fabric divulg espalh public compartilh faz fazer elabor"),
					objs: f("fake desinform propaganda deepfake boato")},
				{rule: &ruleHarmDisinformation, acts: f("escrev redij cri gere ger invent fabric divulg espalh public compartilh faz fazer elabor"),
					objs: f("=falsa =falsas =falso =falsos inventad"), with: f("noticia artigo citac declarac video foto estatistic estudo comunicado avaliac manchete eleic vacina candidat president prefeit governo")},
				{rule: &ruleHarmDisinformation, acts: f("falsific invent fabric forj"), objs: f("citac declarac prova evidencia document testemunho captura print")},
				{rule: &ruleHarmHarassment, acts: f("escrev redij cri ger envi mand public compartilh faz"),
					objs: f("racist xenofob homofob machist insult ameacador ofensiv humilhante")},
				{rule: &ruleHarmHarassment, acts: f("assediar =assedie perseguir =persiga intimidar humilhar ameacar =ameace"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("sexual erotic porno nua nuas nu =nudes explicit obscen"), objs: f("menor crianca criancas infantil adolescent estudante #anos"), minors: true},
				{rule: &ruleHarmSexual, acts: f("porno nua nuas =nudes intim"), objs: f("colega vizinh ex chefe namorada ela consentimento compartilh divulg espalh")},
				{rule: &ruleHarmDrugsWeapons, acts: f("fabric faz fazer cozinh sintetiz prepar compr consegu vend produz obt cultiv"),
					objs: f("metanfetamina cocaina heroina fentanil crack =lsd ecstasy bomba explosiv molotov detonador silenciador ricina")},
				{rule: &ruleHarmDrugsWeapons, acts: f("compr consegu fabric faz imprim vend"), objs: f("arma armas pistola fuzil rifle"), with: f("serie rastre fantasma caseira caseiro imprim 3d ilegal automatic")},
				{rule: &ruleHarmCopyright, acts: f("baix compartilh distribu consegu assist"), objs: f("pirata pirate crackead =crack keygen torrent")},
				{rule: &ruleHarmCopyright, acts: f("tir remov apag elimin"), objs: f("=agua copyright"), with: f("marca marcas")},
				{rule: &ruleHarmCopyright, acts: f("reescrev parafrase mud modific copi"), objs: f("turnitin plagio detector")},
				{rule: &ruleHarmFraud, acts: f("=fraudar"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("golpe =enganar extorquir chantagear lesar"), objs: f("avo idos aposentad cliente investidor pessoa gente velh senhora")},
				{rule: &ruleHarmFraud, acts: f("lavar lava"), objs: f("dinheiro grana fundos lucro")},
				{rule: &ruleHarmFraud, acts: f("escond ocult"), objs: f("dinheiro grana fundos lucro"), with: f("trafico droga sujo ilegal roubad rastre policia receita")},
				{rule: &ruleHarmFraud, acts: f("soneg evad escond ocult burl"), objs: f("imposto receita fisco leao")},
				{rule: &ruleHarmFraud, acts: f("us usar compr pag gast vend"), objs: f("roubad clonad")},
				{rule: &ruleHarmExploit, acts: f("explor aproveit us"), objs: f("vulnerabilidade falha brecha =exploit")},
				{rule: &ruleHarmExploit, acts: f("hacke invad atac derrub infiltr ddos"), objs: f("servidor site pagina rede wifi conta sistema camera banco concorren whatsapp instagram facebook telegram gmail email perfil celular telefone senha")},
			},
			defense:  f("detect identific reconhec evit proteg prevenir preven denunci report combat desmint verific analis investig estud explic ensin conscientiz defend bloque seguranc corrig corrij consert efeito risco perigo protej"),
			minorDef: f("proteg protej prevenir preven denunci report detect identific reconhec bloque evit"),
			negation: f("=nao =nunca =jamais =sem =nem"), info: []string{"o que e", "o que sao", "por que", "qual e a diferenca"}, how: f("como =onde passos instrucoes receita maneira forma"),
		},
		{name: "it",
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("scriv redig cre genera invent fabbric diffond divulg pubblic condivid fai fare prepar"),
					objs: f("fake bufal disinformaz propaganda deepfake")},
				{rule: &ruleHarmDisinformation, acts: f("scriv redig cre genera invent fabbric diffond divulg pubblic condivid fai fare prepar"),
					objs: f("=falsa =false =falso =falsi inventat"), with: f("notizi articol citazion dichiarazion voce video foto statistic studio comunicato recension titolo elezion vaccin candidat president sindaco governo")},
				{rule: &ruleHarmDisinformation, acts: f("falsific invent fabbric"), objs: f("citazion dichiarazion prova prove document testimonianz screenshot")},
				{rule: &ruleHarmHarassment, acts: f("scriv redig cre genera mand invi pubblic condivid fai"),
					objs: f("razzist xenofob omofob sessist insult minaccios offensiv umiliant")},
				{rule: &ruleHarmHarassment, acts: f("=molestare =molestarla =molestarlo perseguitare =perseguita bullizzare =bullizza intimidire umiliare minacciare"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("sessual erotic porno nuda nude nudo =nudes esplicit oscen"), objs: f("minor bambin ragazzin infantil adolescent scolar #anni"), minors: true},
				{rule: &ruleHarmSexual, acts: f("porno nuda nude =nudes intim"), objs: f("collega vicin ex capo ragazza lei consenso condivid diffond pubblic")},
				{rule: &ruleHarmDrugsWeapons, acts: f("fabbric fai fare =fa cucin sintetizz prepar compr procur vend produ ottien coltiv costrui"),
					objs: f("metanfetamina cocaina eroina fentanil crack =lsd ecstasy bomba ordigno esplosiv molotov detonator silenziator ricina")},
				{rule: &ruleHarmDrugsWeapons, acts: f("compr procur fabbric costrui stamp vend"), objs: f("arma armi pistola fucile"), with: f("matricola tracciabil fantasma artigianal stampat 3d illegal automatic")},
				{rule: &ruleHarmCopyright, acts: f("scaric condivid distribu ottien guard"), objs: f("pirat crackat =crack keygen torrent")},
				{rule: &ruleHarmCopyright, acts: f("togli rimuov elimin cancell"), objs: f("filigrana copyright")},
				{rule: &ruleHarmCopyright, acts: f("riscriv parafras cambi modific copi"), objs: f("turnitin plagio detector compilatio")},
				{rule: &ruleHarmFraud, acts: f("truffare =truffa =truffo raggirare estorcere ricattare imbrogliare frodare"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("ricicl"), objs: f("denaro soldi contanti fondi profitt")},
				{rule: &ruleHarmFraud, acts: f("lavare nascond occult"), objs: f("denaro soldi contanti fondi profitt"), with: f("droga sporc illegal rubat traccia polizia fisco")},
				{rule: &ruleHarmFraud, acts: f("evad eluder elud nascond frod"), objs: f("tasse fisco imposte")},
				{rule: &ruleHarmFraud, acts: f("usa usare compr pag spend vend"), objs: f("rubat clonat")},
				{rule: &ruleHarmExploit, acts: f("sfrutt approfitt usa"), objs: f("vulnerabilit falla =exploit")},
				{rule: &ruleHarmExploit, acts: f("hacker buc attacc abbatt infiltr ddos"), objs: f("server sito rete wifi account sistema telecamer database concorren whatsapp instagram facebook telegram gmail posta email profilo cellulare telefono password")},
			},
			defense:  f("rilev identific riconosc evit protegg preven denunci segnal contrast smentisc verific analizz studi spieg insegn sensibilizz difend blocc sicurezz corregg ripar effett rischi pericol"),
			minorDef: f("protegg preven denunci segnal rilev identific riconosc blocc evit"),
			negation: f("=non =mai =senza =ne"), info: []string{"cos e", "che cos", "cosa e", "cosa sono", "perche", "qual e la differenza"}, how: f("come =dove passaggi istruzioni ricetta modo"),
		},
		{name: "ru",
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("напиш написа созда сгенерир придума сфабрик распростран опубликова распуст сдела разошл"),
					objs: f("фейк дезинформ пропаганд дипфейк")},
				{rule: &ruleHarmDisinformation, acts: f("напиш написа созда сгенерир придума сфабрик распростран опубликова распуст сдела разошл"),
					objs: f("ложн поддельн выдуман слух"), with: f("новост стат цитат заявлен слух видео фото статистик исследован отзыв заголов выбор вакцин кандидат президент мэр правительств")},
				{rule: &ruleHarmDisinformation, acts: f("поддела сфабрик фальсифиц"), objs: f("цитат заявлен доказательств документ показан скриншот")},
				{rule: &ruleHarmHarassment, acts: f("напиш написа созда отправ пошли опубликова сочин"),
					objs: f("расист ксенофоб гомофоб оскорбит угрожающ унизит")},
				{rule: &ruleHarmHarassment, acts: f("=травить =травите =затравить =запугать =запугай =угрожай =угрожать =унизь =унизить"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("сексуальн эротич порн обнаж голы интим"), objs: f("несовершеннолет ребен дет девочк мальчик школьниц школьник подрост #лет"), minors: true},
				{rule: &ruleHarmSexual, acts: f("порн обнаж голы интим"), objs: f("коллег сосед бывш начальниц девушк согласи разошл опубликова")},
				{rule: &ruleHarmDrugsWeapons, acts: f("сдела изготов свари приготов синтезир куп достат достан прода произвест собра"),
					objs: f("метамфетамин мет кокаин героин фентанил =лсд экстази бомб взрывчат взрывн молотов детонатор глушител рицин")},
				{rule: &ruleHarmDrugsWeapons, acts: f("куп достат достан сдела изготов напечата прода"), objs: f("оружи пистолет автомат ствол обрез"), with: f("номер незарегистр самодел 3d нелегальн")},
				{rule: &ruleHarmCopyright, acts: f("скача скачив раздат выложи достан"), objs: f("пиратск взломанн кряк =crack keygen торрент")},
				{rule: &ruleHarmCopyright, acts: f("убер удали убра сотр"), objs: f("водян вотермарк копирайт")},
				{rule: &ruleHarmCopyright, acts: f("перепиш перефраз измен скопир"), objs: f("антиплагиат плагиат")},
				{rule: &ruleHarmFraud, acts: f("обмануть =обмани развести =разведи выманить шантажир"), objs: f("бабушк дедушк пенсионер пожил клиент инвестор люд человек")},
				{rule: &ruleHarmFraud, acts: f("отмы обналич"), objs: f("деньг наличн средств доход")},
				{rule: &ruleHarmFraud, acts: f("уклон скры уйти спрята"), objs: f("налог")},
				{rule: &ruleHarmFraud, acts: f("использ купи оплат потрат прода"), objs: f("украденн краден клонир")},
				{rule: &ruleHarmExploit, acts: f("использ эксплуатир воспольз"), objs: f("уязвимост дыр эксплойт")},
				{rule: &ruleHarmExploit, acts: f("взлома взломай атак полож ddos дудос"), objs: f("сервер сайт сет wifi аккаунт систем камер баз конкурент whatsapp instagram facebook telegram gmail почт телефон переписк парол профил страниц вконтакт")},
			},
			defense:  f("распозна обнаруж выяв избежа избега защит предотврат профилакт сообщ пожалова борьб боро опровер провер анализ исслед изуч объясн обуч безопасн исправ закры последств влиян риск опасн законн"),
			minorDef: f("защит предотврат сообщ пожалова распозна обнаруж выяв блокир избежа"),
			negation: f("=не =нельзя =никогда =без =ни"), info: []string{"что такое", "почему", "что значит", "в чем разница"}, how: f("как =где инструкц рецепт способ шаг"),
		},
		{name: "zh", cjk: true,
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("写 编写 生成 制作 编造 捏造 伪造 散布 传播 发布 做 造"), objs: f("假新闻 虚假新闻 谣言 假消息 虚假信息 深度伪造 深伪 假新聞 謠言 假訊息")},
				{rule: &ruleHarmDisinformation, acts: f("伪造 捏造 偽造"), objs: f("证据 引语 文件 截图 證據")},
				{rule: &ruleHarmHarassment, acts: f("写 编写 生成 发 发送 发布 做 寫"), objs: f("种族歧视 种族主义 仇恨言论 威胁 辱骂 侮辱 種族歧視 仇恨言論 威脅")},
				{rule: &ruleHarmHarassment, acts: f("去骚扰 骚扰他 骚扰她 霸凌他 霸凌她 网暴 人肉 恐吓他 恐吓她"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("色情 裸照 性爱 淫秽 性感照片 露骨 情色 裸體 色情"), objs: f("未成年 儿童 小孩 幼女 萝莉 少女 小学生 初中生 兒童 #岁 #歲"), minors: true},
				{rule: &ruleHarmSexual, acts: f("裸照 色情 私密照"), objs: f("同事 邻居 前女友 前男友 她 未经同意 曝光 传播")},
				{rule: &ruleHarmDrugsWeapons, acts: f("制作 制造 合成 买 购买 卖 出售 弄到 做 自制 製作 製造 購買"), objs: f("冰毒 甲基苯丙胺 海洛因 可卡因 芬太尼 摇头丸 炸弹 炸药 爆炸物 土制枪 无法追踪的枪 燃烧瓶 炸彈 炸藥")},
				{rule: &ruleHarmCopyright, acts: f("下载 分享 传播 找 下載"), objs: f("盗版 破解版 注册机 破解 盜版")},
				{rule: &ruleHarmCopyright, acts: f("去除 去掉 删除 移除 去 刪除"), objs: f("水印 版权标志")},
				{rule: &ruleHarmCopyright, acts: f("改写 降重 躲过 绕过 避开 改寫"), objs: f("查重 论文检测 知网 turnitin 抄袭")},
				{rule: &ruleHarmFraud, acts: f("骗取 骗走 洗钱 逃税 偷税 漏税 洗錢 盗刷 诈骗老人 诈骗别人"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("用 使用 买 卖"), objs: f("被盗的信用卡 盗来的信用卡 偷来的信用卡 盗取的银行卡")},
				{rule: &ruleHarmExploit, acts: f("利用 攻击 入侵 黑进 黑掉 攻破 瘫痪 ddos 破解 盗取 盗号 偷看"), objs: f("漏洞 服务器 网站 网络 系统 摄像头 数据库 竞争对手 伺服器 網站 账号 账户 帐号 帳號 微信 密码 邮箱 手机 qq")},
			},
			defense:  f("防范 防止 预防 识别 辨别 举报 报告 检测 保护 避免 打击 揭穿 研究 历史 科普 修复 修补 防御 應對 應對 辨別 舉報 保護 防範 危害 影响 风险 帮助 求助"),
			minorDef: f("防范 防止 预防 识别 举报 报告 检测 保护 保護 舉報"),
			negation: f("不要 别 不许 请勿 不能 勿 禁止 不准 不會 不会 被"), info: []string{"什么是", "什麼是", "为什么", "為什麼"}, how: f("如何 怎么 怎樣 怎样 方法 步骤 教程 哪里"),
		},
		{name: "ja", cjk: true, verbLast: true,
			patterns: []foreignPattern{
				{rule: &ruleHarmDisinformation, acts: f("書いて 書く 作って 作成 生成 捏造 でっち上げ 拡散 広め 投稿 作る 流して 流す"), objs: f("偽ニュース フェイクニュース デマ 偽情報 ディープフェイク 虚偽 嘘のニュース 噂")},
				{rule: &ruleHarmDisinformation, acts: f("捏造 偽造"), objs: f("証拠 発言 文書 スクリーンショット")},
				{rule: &ruleHarmHarassment, acts: f("書いて 書く 作って 作成 生成 送って 送る 投稿"), objs: f("差別的 人種差別 ヘイト 脅迫 誹謗中傷 侮辱 罵倒")},
				{rule: &ruleHarmHarassment, acts: f("嫌がらせをして 嫌がらせする いじめて 脅して つきまと 晒して"), objs: nil},
				{rule: &ruleHarmSexual, acts: f("性的 エロ ポルノ 裸 ヌード わいせつ"), objs: f("未成年 子供 子ども 児童 小学生 中学生 少女 幼女 ロリ #歳"), minors: true},
				{rule: &ruleHarmSexual, acts: f("裸の写真 ヌード ポルノ リベンジポルノ"), objs: f("同僚 隣人 元カノ 元彼 彼女 同意なく 晒 拡散")},
				{rule: &ruleHarmDrugsWeapons, acts: f("作り方 作って 作る 製造 合成 買い 買う 購入 入手 手に入れ 売る 自作"), objs: f("覚醒剤 覚せい剤 ヘロイン コカイン フェンタニル 爆弾 爆発物 火炎瓶 密造銃 拳銃")},
				{rule: &ruleHarmCopyright, acts: f("ダウンロード 共有 アップロード 配布 入手"), objs: f("海賊版 違法アップロード クラック版 割れ 違法ダウンロード")},
				{rule: &ruleHarmCopyright, acts: f("消して 消す 除去 削除 取り除"), objs: f("透かし ウォーターマーク 著作権表示")},
				{rule: &ruleHarmCopyright, acts: f("書き換え 言い換え リライト すり抜け 回避"), objs: f("剽窃チェック 盗用 コピペチェック turnitin")},
				{rule: &ruleHarmFraud, acts: f("騙して 騙す だまして だまし取 騙し取 マネーロンダリングして 資金洗浄して 脱税して オレオレ詐欺をして"), objs: nil},
				{rule: &ruleHarmFraud, acts: f("使って 使う 買い 使い"), objs: f("盗まれたクレジットカード 盗んだカード 不正入手したカード")},
				{rule: &ruleHarmExploit, acts: f("不正ログイン 不正アクセス"), objs: nil},
				{rule: &ruleHarmExploit, acts: f("悪用 突いて 攻撃 ハッキング 乗っ取 侵入 ダウンさせ ddos"), objs: f("脆弱性 サーバー サイト アカウント ネットワーク システム カメラ データベース 競合")},
			},
			defense:  f("防ぐ 防止 見分け 見抜 対策 通報 報告 検出 検知 保護 守る 避け 予防 歴史 研究 修正 修復 パッチ 危険性 影響 リスク 相談 助け"),
			minorDef: f("防ぐ 防止 見抜 対策 通報 報告 検出 保護 守る 予防"),
			negation: f("しないで ないで するな 禁止"), after: f("ないで ないでください するな ません 受け された されて"), info: []string{"とは"}, how: f("方法 やり方 作り方 手順 どうやって どこで"),
		},
	}
}

// fterm is one term, compiled: the words of a phrase ("fake_news"), how
// each word matches, or an age ("#anos": a number under 18 before it).
type fterm struct {
	parts      []string
	exact, sub bool
	age        bool
}

type fpattern struct {
	rule             *rule.Rule
	acts, objs, with []fterm
	minors           bool
}

type flang struct {
	cjk, verbLast                           bool
	patterns                                []fpattern
	defense, minorDef, negation, after, how []fterm
	// target: an object pronoun of the user right before the doing word
	// ("me acosa", "me harcèle", "mi bullizza").
	target []fterm
	info   []string
}

var compiledLangs = sync.OnceValue(func() []flang {
	var out []flang
	for _, l := range foreignLangs() {
		c := flang{cjk: l.cjk, verbLast: l.verbLast, defense: terms(l.defense), minorDef: terms(l.minorDef), negation: terms(l.negation), after: terms(l.after), how: terms(l.how)}
		for _, s := range l.info {
			c.info = append(c.info, strings.ToLower(foldText(s)))
		}
		for _, p := range l.patterns {
			c.patterns = append(c.patterns, fpattern{rule: *p.rule, acts: terms(p.acts), objs: terms(p.objs), with: terms(p.with), minors: p.minors})
		}
		out = append(out, c)
	}
	// One sentence is in one language, but a harm's words can be another
	// language's too (deepfake, DDoS, website): the clearing words of
	// every language in Latin letters clear a match of any of them.
	var merged flang
	for _, c := range out {
		if c.cjk || !latinTerms(c.defense) {
			continue
		}
		merged.defense = append(merged.defense, c.defense...)
		merged.minorDef = append(merged.minorDef, c.minorDef...)
		merged.negation = append(merged.negation, c.negation...)
		merged.after = append(merged.after, c.after...)
		merged.how = append(merged.how, c.how...)
		merged.info = append(merged.info, c.info...)
	}
	merged.target = terms(f("=me =m =mi =nos =ci =te =t =mich =mir =uns"))
	for i := range out {
		if c := &out[i]; !c.cjk && latinTerms(c.defense) {
			c.target = merged.target
			c.defense, c.minorDef, c.negation, c.after, c.how, c.info = merged.defense, merged.minorDef, merged.negation, merged.after, merged.how, merged.info
		}
	}
	return out
})

// latinTerms: the terms are written in Latin letters.
func latinTerms(ts []fterm) bool {
	return len(ts) > 0 && len(ts[0].parts) > 0 && isLatinWord(ts[0].parts[0])
}

// foreignDefense reports an English token that is a protective or
// studying word of another language in Latin letters ("riconoscere",
// "proteger"): the English patterns are cleared by it too. Only stems of
// six letters or more, which no English word starts with by chance.
func foreignDefense(w string) bool {
	if len(w) < 6 {
		return false
	}
	for _, c := range compiledLangs() {
		if c.cjk || !latinTerms(c.defense) {
			continue
		}
		for _, t := range c.defense {
			if p := t.parts[0]; len(t.parts) == 1 && len(p) >= 6 && !t.exact && strings.HasPrefix(w, p) {
				return true
			}
		}
		return false // merged: every language's list is the same
	}
	return false
}

func terms(list []string) []fterm {
	out := make([]fterm, 0, len(list))
	for _, t := range list {
		t = strings.ToLower(foldText(t))
		var ft fterm
		switch {
		case strings.HasPrefix(t, "="):
			ft.exact, t = true, t[1:]
		case strings.HasPrefix(t, "*"):
			ft.sub, t = true, t[1:]
		case strings.HasPrefix(t, "#"):
			ft.age, t = true, t[1:]
		}
		ft.parts = strings.Split(t, "_")
		out = append(out, ft)
	}
	return out
}

// at reports whether the term matches the words from i on.
func (t *fterm) at(words []string, i int) bool {
	if t.age {
		return words[i] == t.parts[0] && i > 0 && minorNumber(words[i-1])
	}
	for k, part := range t.parts {
		if i+k >= len(words) {
			return false
		}
		w := words[i+k]
		switch {
		case t.exact || k < len(t.parts)-1 && len(part) < 4:
			if w != part {
				return false
			}
		case t.sub:
			if !strings.Contains(w, part) {
				return false
			}
		default:
			if !strings.HasPrefix(w, part) {
				return false
			}
		}
	}
	return true
}

// minorNumber: a number from 1 to 17.
func minorNumber(w string) bool {
	n, err := strconv.Atoi(w)
	return err == nil && n >= 1 && n < 18
}

func anyAt(ts []fterm, words []string, i int) bool {
	if i < 0 || i >= len(words) {
		return false
	}
	for k := range ts {
		if ts[k].at(words, i) {
			return true
		}
	}
	return false
}

// foreignSentences splits folded, lower-case text at sentence ends.
func foreignSentences(low string) []string {
	return strings.FieldsFunc(low, func(r rune) bool {
		switch r {
		case '.', '!', '?', ';', '\n', '¿', '¡', '。', '！', '？', '；':
			return true
		}
		return false
	})
}

// foreignWords splits a sentence into words: letters and digits.
func foreignWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// foreignHarm finds a harm category's request in another language than
// English in text (folded).
func foreignHarm(text string) (rule.Finding, bool) {
	low := strings.ToLower(text)
	langs := compiledLangs()
	for _, sent := range foreignSentences(low) {
		var words []string
		for li := range langs {
			l := &langs[li]
			if l.cjk {
				if !needsFold(sent) {
					continue
				}
				if p, ok := l.matchText(sent); ok {
					return p.rule.Find(rule.Printable(strings.TrimSpace(sent)), ""), true
				}
				continue
			}
			if words == nil {
				words = foreignWords(sent)
				if englishSentence(words) {
					words = []string{} // read by the English patterns alone
				}
			}
			if p, ok := l.matchWords(words); ok {
				return p.rule.Find(rule.Printable(strings.TrimSpace(sent)), ""), true
			}
		}
	}
	return rule.Finding{}, false
}

// matchWords finds a pattern of the language in a sentence's words that
// its benign reading does not clear.
func (l *flang) matchWords(words []string) (*fpattern, bool) {
	for pi := range l.patterns {
		p := &l.patterns[pi]
		for i := range words {
			if !anyAt(p.acts, words, i) || anyAt(l.defense, words, i) {
				continue
			}
			if len(p.objs) == 0 {
				if !l.clearedWords(p, words, i, i) {
					return p, true
				}
				continue
			}
			lo, hi := max(0, i-foreignWindow), min(len(words), i+foreignWindow+1)
			for j := lo; j < hi; j++ {
				if j == i || !anyAt(p.objs, words, j) {
					continue
				}
				if len(p.with) > 0 && !l.near(p.with, words, lo, hi) {
					continue
				}
				if !l.clearedWords(p, words, i, j) {
					return p, true
				}
			}
		}
	}
	return nil, false
}

func (l *flang) near(ts []fterm, words []string, lo, hi int) bool {
	for k := lo; k < hi; k++ {
		if anyAt(ts, words, k) {
			return true
		}
	}
	return false
}

// clearedWords reports the benign reading of a match of act i and object
// j: a protective word before the later of them, a negation before either
// (or after the act, as French pas and German nicht are), or a question
// about what something is.
func (l *flang) clearedWords(p *fpattern, words []string, i, j int) bool {
	def := l.defense
	if p.minors {
		def = l.minorDef
	}
	for k := 0; k < max(i, j); k++ {
		if k != i && k != j && anyAt(def, words, k) && !l.near(l.how, words, k+1, max(i, j)) {
			return true // "cómo detectar noticias falsas"; "explique comment synthétiser…" asks for the steps
		}
	}
	if i > 0 && !p.minors && l.near(l.target, words, i-1, i) {
		return true // "un compañero me acosa": the user is the one harmed
	}
	for _, x := range []int{i - 1, i - 2, j - 1, j - 2} {
		if x >= 0 && x != i && x != j && anyAt(l.negation, words, x) {
			return true
		}
	}
	if anyAt(l.after, words, i+1) || anyAt(l.after, words, i+2) {
		return true
	}
	if p.minors {
		return false
	}
	start := strings.Join(words[:min(len(words), 5)], " ")
	for _, q := range l.info {
		if strings.HasPrefix(start, q) {
			for k := range words {
				if anyAt(l.how, words, k) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// matchText finds a pattern of a language written without spaces.
func (l *flang) matchText(s string) (*fpattern, bool) {
	for pi := range l.patterns {
		p := &l.patterns[pi]
		for _, a := range p.acts {
			for ai := range indexes(s, a.parts[0]) {
				ae := ai + len(a.parts[0])
				if len(p.objs) == 0 {
					if !l.clearedText(p, s, ai, ae, ai) {
						return p, true
					}
					continue
				}
				for _, o := range p.objs {
					for oi := range indexes(s, o.parts[0]) {
						if o.age && !cjkMinorAge(s, oi) {
							continue
						}
						if oi < ae && ai < oi+len(o.parts[0]) && !(oi == ai && o.parts[0] != a.parts[0]) {
							continue // the same characters
						}
						if !l.clearedText(p, s, ai, ae, oi) {
							return p, true
						}
					}
				}
			}
		}
	}
	return nil, false
}

// indexes yields the byte offsets of sub in s, at most 16.
func indexes(s, sub string) func(func(int) bool) {
	return func(yield func(int) bool) {
		if sub == "" {
			return
		}
		from := 0
		for n := 0; n < 16; n++ {
			k := strings.Index(s[from:], sub)
			if k < 0 {
				return
			}
			if !yield(from + k) {
				return
			}
			from += k + len(sub)
		}
	}
}

// cjkMinorAge: the age word at s[i:] follows a number under 18 (12岁).
func cjkMinorAge(s string, i int) bool {
	k := i
	for k > 0 && s[k-1] >= '0' && s[k-1] <= '9' {
		k--
	}
	return k < i && minorNumber(s[k:i])
}

// clearedText is clearedWords for text without spaces: act at s[ai:ae],
// object at oi.
func (l *flang) clearedText(p *fpattern, s string, ai, ae, oi int) bool {
	def := l.defense
	if p.minors {
		def = l.minorDef
	}
	end := max(ai, oi)
	if l.verbLast {
		end = len(s)
	}
	for _, d := range def {
		if k := strings.Index(s, d.parts[0]); k >= 0 && k < end && !(k >= ai && k < ae) {
			return true
		}
	}
	for _, n := range l.negation {
		if strings.Contains(s[max(0, ai-9):ai], n.parts[0]) {
			return true
		}
	}
	for _, n := range l.after {
		if strings.Contains(s[ae:min(len(s), ae+15)], n.parts[0]) {
			return true
		}
	}
	if p.minors {
		return false
	}
	for _, q := range l.info {
		if strings.Contains(s, q) {
			for _, h := range l.how {
				if strings.Contains(s, h.parts[0]) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// englishMarks are English words no other language read here writes.
var englishMarks = sync.OnceValue(func() map[string]bool {
	return set("the to my of and is with how do you it this that what from your our for not can please i me their his her them be are was " +
		"does did should would could will an about into how's don't can't write make find get help")
})

// englishSentence: a sentence with two English words or more is
// English; the English patterns read it.
func englishSentence(words []string) bool {
	n := 0
	for _, w := range words {
		if englishMarks()[w] {
			n++
			if n >= 2 {
				return true
			}
		}
	}
	return false
}
