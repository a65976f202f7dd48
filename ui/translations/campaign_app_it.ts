<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it">
<context>
    <name>Actions</name>
    <message>
        <source>&amp;Dice Discipline…</source>
        <translation>&amp;Disciplina dei dadi…</translation>
    </message>
    <message>
        <source>Open or strict dice, typed dice allowed or not (the roll record)</source>
        <translation>Dadi aperti o rigorosi, dadi scritti ammessi o no (la registrazione dei tiri)</translation>
    </message>
    <message>
        <source>C&amp;redits…</source>
        <translation>C&amp;rediti…</translation>
    </message>
    <message>
        <source>Give or take the roster&apos;s credits, with the reason</source>
        <translation>Dai o togli crediti alla lista, con il motivo</translation>
    </message>
    <message>
        <source>&amp;Buy Equipment…</source>
        <translation>Acquista e&amp;quipaggiamento…</translation>
    </message>
    <message>
        <source>Buy a catalogue item for the selected fighter (the gang&apos;s credits pay)</source>
        <translation>Acquista un oggetto del catalogo per il combattente scelto (pagano i crediti della banda)</translation>
    </message>
    <message>
        <source>Se&amp;ll Equipment…</source>
        <translation>&amp;Vendi equipaggiamento…</translation>
    </message>
    <message>
        <source>Sell an item the selected fighter carries</source>
        <translation>Vendi un oggetto che porta il combattente scelto</translation>
    </message>
    <message>
        <source>Led&amp;ger and Stash…</source>
        <translation>Con&amp;ti e deposito…</translation>
    </message>
    <message>
        <source>Every movement of the roster&apos;s credits; the items the gang holds</source>
        <translation>Ogni movimento dei crediti della lista; gli oggetti che tiene la banda</translation>
    </message>
    <message>
        <source>&amp;Territories…</source>
        <translation>&amp;Territori…</translation>
    </message>
    <message>
        <source>The territories the roster holds and what each gives a battle; take or give up one</source>
        <translation>I territori che la lista tiene e ciò che ognuno rende a battaglia; prenderne o cederne uno</translation>
    </message>
    <message>
        <source>&amp;Catalogue and Content Packs…</source>
        <translation>Catalo&amp;go e pacchetti di contenuti…</translation>
    </message>
    <message>
        <source>The campaign&apos;s equipment, costs and profiles; add a content pack</source>
        <translation>L&apos;equipaggiamento della campagna, con costi e profili; aggiungi un pacchetto di contenuti</translation>
    </message>
</context>
<context>
    <name>AdvanceDialog</name>
    <message>
        <source>Advance — {name}</source>
        <translation>Avanzamento — {name}</translation>
    </message>
    <message>
        <source>(Our default: check it against the book.)</source>
        <translation>(Nostro valore predefinito: verificalo sul libro.)</translation>
    </message>
    <message>
        <source>XP {xp}, value {value}</source>
        <translation>XP {xp}, valore {value}</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattente:</translation>
    </message>
    <message>
        <source>Advancement</source>
        <translation>Avanzamento</translation>
    </message>
    <message>
        <source>XP</source>
        <translation>XP</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valore</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambiamento</translation>
    </message>
    <message>
        <source>Can take</source>
        <translation>Possibile</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sì</translation>
    </message>
    <message>
        <source>&amp;Advancement</source>
        <translation>A&amp;vanzamento</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Grado</translation>
    </message>
    <message>
        <source>Grants</source>
        <translation>Concede</translation>
    </message>
    <message>
        <source>claimed</source>
        <translation>ottenuto</translation>
    </message>
    <message>
        <source>reached</source>
        <translation>raggiunto</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Gradi</translation>
    </message>
    <message>
        <source>the skill gained</source>
        <translation>l&apos;abilità ottenuta</translation>
    </message>
    <message>
        <source>&amp;Skill:</source>
        <translation>A&amp;bilità:</translation>
    </message>
    <message>
        <source>When the roll offers two advancements: the one to take (same dice)</source>
        <translation>Quando il tiro offre due avanzamenti: quello da prendere (stessi dadi)</translation>
    </message>
    <message>
        <source>&amp;Take:</source>
        <translation>&amp;Prendi:</translation>
    </message>
    <message>
        <source>pick an advancement first</source>
        <translation>scegli prima un avanzamento</translation>
    </message>
    <message>
        <source>choose…</source>
        <translation>scegli…</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>nessuna modifica</translation>
    </message>
    <message>
        <source>the roll offers a choice: pick the advancement to take</source>
        <translation>il tiro offre una scelta: scegli l&apos;avanzamento da prendere</translation>
    </message>
    <message>
        <source>Cannot advance</source>
        <translation>Avanzamento impossibile</translation>
    </message>
    <message>
        <source>{name}: {what} (Ctrl+Z to undo)</source>
        <translation>{name}: {what} (Ctrl+Z per annullare)</translation>
    </message>
</context>
<context>
    <name>AfterBattleWizard</name>
    <message>
        <source>After the Battle — battle {number}</source>
        <translation>Dopo la battaglia — battaglia {number}</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Indietro</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Avanti &gt;</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>A&amp;pplica</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>The app now walks through this battle&apos;s After the Battle rules, one roll at a time. For each roll press &lt;b&gt;Roll&lt;/b&gt;, or type what your own dice show. You can go back and change a roll; nothing is saved until you press &lt;b&gt;Apply&lt;/b&gt;, and &lt;b&gt;Cancel&lt;/b&gt; leaves the campaign as it is.</source>
        <translation>L&apos;app ora segue le regole di Dopo la battaglia di questa battaglia, un tiro alla volta. Per ogni tiro premi &lt;b&gt;Tira&lt;/b&gt;, o scrivi quello che mostrano i tuoi dadi. Puoi tornare indietro e cambiare un tiro; nulla viene salvato finché non premi &lt;b&gt;Applica&lt;/b&gt;, e &lt;b&gt;Annulla&lt;/b&gt; lascia la campagna com&apos;è.</translation>
    </message>
    <message>
        <source>On this league the server rolls: each &lt;b&gt;Roll&lt;/b&gt; asks it for the dice, and a roll it made stays made (Back, Cancel or starting again shows the same dice).</source>
        <translation>In questa lega tira il server: ogni &lt;b&gt;Tira&lt;/b&gt; gli chiede i dadi, e un tiro che ha fatto resta fatto (Indietro, Annulla o ricominciare mostra gli stessi dadi).</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opzioni</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dadi</translation>
    </message>
    <message>
        <source>  &amp;Roll</source>
        <translation>  &amp;Tira</translation>
    </message>
    <message>
        <source>or type what your dice show:</source>
        <translation>o scrivi quello che mostrano i tuoi dadi:</translation>
    </message>
    <message>
        <source>e.g. 3,5</source>
        <translation>es. 3,5</translation>
    </message>
    <message>
        <source>&amp;Use these dice</source>
        <translation>&amp;Usa questi dadi</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Risultato</translation>
    </message>
    <message>
        <source>rolled by the league server</source>
        <translation>tirato dal server della lega</translation>
    </message>
    <message>
        <source>So far:</source>
        <translation>Finora:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every step&lt;/b&gt; (press Apply to save all of it at once):</source>
        <translation>&lt;b&gt;Ogni passo&lt;/b&gt; (Applica salva tutto in una volta):</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Chi</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regola</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Cosa è successo</translation>
    </message>
    <message>
        <source>&lt;b&gt;Changes to the rosters&lt;/b&gt;:</source>
        <translation>&lt;b&gt;Modifiche alle liste&lt;/b&gt;:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Inizio</translation>
    </message>
    <message>
        <source>Roll {value}</source>
        <translation>Tiro {value}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{dice_words}&lt;/b&gt; for {purpose}</source>
        <translation>&lt;b&gt;{dice_words}&lt;/b&gt; per {purpose}</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color: gray&apos;&gt;table {table}, row {row}&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color: gray&apos;&gt;tabella {table}, riga {row}&lt;/span&gt;</translation>
    </message>
    <message>
        <source>{value} → &lt;b&gt;{label}&lt;/b&gt;{table}</source>
        <translation>{value} → &lt;b&gt;{label}&lt;/b&gt;{table}</translation>
    </message>
    <message>
        <source>Roll &lt;b&gt;{need}&lt;/b&gt;</source>
        <translation>Tira &lt;b&gt;{need}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{n} die, e.g. </source>
        <translation>{n} dado, es. </translation>
    </message>
    <message>
        <source>{n} dice, e.g. </source>
        <translation>{n} dadi, es. </translation>
    </message>
    <message>
        <source>Summary ({n} roll)</source>
        <translation>Riepilogo ({n} tiro)</translation>
    </message>
    <message>
        <source>Summary ({n} rolls)</source>
        <translation>Riepilogo ({n} tiri)</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>nessuna modifica</translation>
    </message>
    <message>
        <source>this roll takes {n} die; you typed {typed}</source>
        <translation>questo tiro richiede {n} dado; ne hai scritti {typed}</translation>
    </message>
    <message>
        <source>this roll takes {n} dice; you typed {typed}</source>
        <translation>questo tiro richiede {n} dadi; ne hai scritti {typed}</translation>
    </message>
    <message>
        <source>this campaign plays strict dice without typed dice: use Roll</source>
        <translation>questa campagna gioca con dadi rigorosi, senza dadi scritti: usa Tira</translation>
    </message>
    <message>
        <source>these dice were already rolled (%1): strict dice reuse them</source>
        <translation>questi dadi sono già stati tirati (%1): i dadi rigorosi li riusano</translation>
    </message>
    <message>
        <source>After the Battle</source>
        <translation>Dopo la battaglia</translation>
    </message>
    <message>
        <source>Collect the territories&apos; &amp;income (rolls recorded)</source>
        <translation>Riscuoti le &amp;rendite dei territori (tiri registrati)</translation>
    </message>
</context>
<context>
    <name>BattleDialog</name>
    <message>
        <source>Record Battle</source>
        <translation>Registra battaglia</translation>
    </message>
    <message>
        <source>Rosters that fought</source>
        <translation>Liste che hanno combattuto</translation>
    </message>
    <message>
        <source>e.g. Hold the crossroads</source>
        <translation>es. Tenere l&apos;incrocio</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>&amp;Scenario:</translation>
    </message>
    <message>
        <source>&amp;Date:</source>
        <translation>&amp;Data:</translation>
    </message>
    <message>
        <source>&amp;Winner:</source>
        <translation>&amp;Vincitore:</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;ote:</translation>
    </message>
    <message>
        <source>How each figure ended the battle (double-click to change)</source>
        <translation>Come ogni miniatura ha finito la battaglia (doppio clic per cambiare)</translation>
    </message>
    <message>
        <source>Go on to After the Battle when saved</source>
        <translation>Passa a Dopo la battaglia dopo il salvataggio</translation>
    </message>
    <message>
        <source>&amp;Record battle</source>
        <translation>&amp;Registra la battaglia</translation>
    </message>
    <message>
        <source>no winner (draw)</source>
        <translation>nessun vincitore (pareggio)</translation>
    </message>
    <message>
        <source>tick at least one roster that fought</source>
        <translation>spunta almeno una lista che ha combattuto</translation>
    </message>
</context>
<context>
    <name>BattleFiguresModel</name>
    <message>
        <source>hit</source>
        <translation>colpo</translation>
    </message>
    <message>
        <source>{casualties} of {figures}</source>
        <translation>{casualties} su {figures}</translation>
    </message>
</context>
<context>
    <name>BattlePage</name>
    <message>
        <source>Mark the selected figure (click, or press the key)</source>
        <translation>Segna la miniatura scelta (clic, o premi il tasto)</translation>
    </message>
    <message>
        <source>Taken out &amp;by:</source>
        <translation>Messo fuori combattimento &amp;da:</translation>
    </message>
    <message>
        <source>H  Scored a hit</source>
        <translation>H  Ha colpito</translation>
    </message>
    <message>
        <source>+  Casualty</source>
        <translation>+  Perdita</translation>
    </message>
    <message>
        <source>-  Casualty</source>
        <translation>-  Perdita</translation>
    </message>
    <message>
        <source>Undo last mark (Ctrl+Z)</source>
        <translation>Annulla l&apos;ultimo segno (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Start the game</source>
        <translation>Inizia la partita</translation>
    </message>
    <message>
        <source>Finish the game</source>
        <translation>Finisci la partita</translation>
    </message>
    <message>
        <source>Winner:</source>
        <translation>Vincitore:</translation>
    </message>
    <message>
        <source>&amp;Roll a table (recorded against the battle)</source>
        <translation>&amp;Tira su una tabella (registrato nella battaglia)</translation>
    </message>
    <message>
        <source>Rep of the selected</source>
        <translation>Rep della miniatura scelta</translation>
    </message>
    <message>
        <source>Against:</source>
        <translation>Contro:</translation>
    </message>
    <message>
        <source>the figure on the other end: the one hit, the other side&apos;s leader</source>
        <translation>la figura di fronte: quella colpita, il capo dell&apos;altra parte</translation>
    </message>
    <message>
        <source>Other figure:</source>
        <translation>Altra figura:</translation>
    </message>
    <message>
        <source>weapon&apos;s</source>
        <translation>dell&apos;arma</translation>
    </message>
    <message>
        <source>Impact:</source>
        <translation>Impatto:</translation>
    </message>
    <message>
        <source>Dice (Target):</source>
        <translation>Dadi (Bersagli):</translation>
    </message>
    <message>
        <source>all at the first; or e.g. 1,1,2</source>
        <translation>tutti sul primo; o p. es. 1,1,2</translation>
    </message>
    <message>
        <source>Dice to targets:</source>
        <translation>Dadi per bersaglio:</translation>
    </message>
    <message>
        <source>empty: the app rolls; or the faces you rolled</source>
        <translation>vuoto: tira l&apos;app; o le facce che hai ottenuto</translation>
    </message>
    <message>
        <source>I rolled:</source>
        <translation>Ho ottenuto:</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Tira</translation>
    </message>
    <message>
        <source>During the game</source>
        <translation>Durante la partita</translation>
    </message>
    <message>
        <source>Marks so far</source>
        <translation>Segni finora</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>selezione</translation>
    </message>
    <message>
        <source>Battle {number}</source>
        <translation>Battaglia {number}</translation>
    </message>
    <message>
        <source>no scenario</source>
        <translation>nessuno scenario</translation>
    </message>
    <message>
        <source>{attacker} attacks</source>
        <translation>{attacker} attacca</translation>
    </message>
    <message>
        <source>set up: start the game to mark</source>
        <translation>preparata: inizia la partita per segnare</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>in corso</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>conclusa</translation>
    </message>
    <message>
        <source>Battle {number} at the table — {campaign}</source>
        <translation>Battaglia {number} al tavolo — {campaign}</translation>
    </message>
    <message>
        <source>  (vs {target})</source>
        <translation>  (contro {target})</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
    <message>
        <source>no winner (draw)</source>
        <translation>nessun vincitore (pareggio)</translation>
    </message>
    <message>
        <source>nobody in particular</source>
        <translation>nessuno in particolare</translation>
    </message>
    <message>
        <source>Select a figure first</source>
        <translation>Scegli prima una miniatura</translation>
    </message>
    <message>
        <source>{text} (Ctrl+Z to undo)</source>
        <translation>{text} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Select a fighter first</source>
        <translation>Scegli prima un combattente</translation>
    </message>
    <message>
        <source>Select a unit first</source>
        <translation>Scegli prima un&apos;unità</translation>
    </message>
    <message>
        <source>Undone: {summary}</source>
        <translation>Annullato: {summary}</translation>
    </message>
    <message>
        <source>Battle {number} is in progress: pick a figure, press a status</source>
        <translation>La battaglia {number} è in corso: scegli una miniatura, premi uno stato</translation>
    </message>
    <message>
        <source>Battle {number} is over: After the Battle starts from what was marked</source>
        <translation>La battaglia {number} è finita: Dopo la battaglia parte da ciò che è stato segnato</translation>
    </message>
    <message>
        <source> vs {target}</source>
        <translation> contro {target}</translation>
    </message>
    <message>
        <source>{command} done</source>
        <translation>{command}: fatto</translation>
    </message>
</context>
<context>
    <name>BattleSetupDialog</name>
    <message>
        <source>Set Up Battle</source>
        <translation>Prepara battaglia</translation>
    </message>
    <message>
        <source>&amp;Rosters that fight</source>
        <translation>&amp;Liste che combattono</translation>
    </message>
    <message>
        <source>empty: roll on {title}</source>
        <translation>vuoto: tiro su {title}</translation>
    </message>
    <message>
        <source>e.g. Hold the crossroads</source>
        <translation>es. Tenere l&apos;incrocio</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>&amp;Scenario:</translation>
    </message>
    <message>
        <source>&amp;Attacker:</source>
        <translation>&amp;Attaccante:</translation>
    </message>
    <message>
        <source>empty: the app rolls; or the faces you rolled, e.g. 4,6,2</source>
        <translation>vuoto: tira l&apos;app; o le facce che hai ottenuto, es. 4,6,2</translation>
    </message>
    <message>
        <source>I &amp;rolled:</source>
        <translation>Ho &amp;ottenuto:</translation>
    </message>
    <message>
        <source>&amp;Picked fighters</source>
        <translation>&amp;Combattenti scelti</translation>
    </message>
    <message>
        <source> (none ticked: every available one fights)</source>
        <translation> (nessuno spuntato: combattono tutti quelli disponibili)</translation>
    </message>
    <message>
        <source>Fighters in recovery, captured or dead are not offered.</source>
        <translation>I combattenti in convalescenza, catturati o morti non sono proposti.</translation>
    </message>
    <message>
        <source>&amp;Set up battle</source>
        <translation>&amp;Prepara la battaglia</translation>
    </message>
    <message>
        <source>roll for it</source>
        <translation>tira per deciderlo</translation>
    </message>
    <message>
        <source>tick at least one roster that fights</source>
        <translation>spunta almeno una lista che combatte</translation>
    </message>
</context>
<context>
    <name>BattlesView</name>
    <message>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Scenario</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Vincitore</translation>
    </message>
    <message>
        <source>After the Battle</source>
        <translation>Dopo la battaglia</translation>
    </message>
    <message>
        <source>pending: double-click the battle (or Battle ▸ After the Battle) to run it</source>
        <translation>in attesa: doppio clic sulla battaglia (o Battaglia ▸ Dopo la battaglia) per eseguirla</translation>
    </message>
</context>
<context>
    <name>CampaignDialog</name>
    <message>
        <source>New Campaign</source>
        <translation>Nuova campagna</translation>
    </message>
    <message>
        <source>e.g. Kursk 1943</source>
        <translation>es. Kursk 1943</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Game system:</source>
        <translation>&amp;Sistema di gioco:</translation>
    </message>
    <message>
        <source>&amp;Edition:</source>
        <translation>&amp;Edizione:</translation>
    </message>
    <message>
        <source>E&amp;xpansions:</source>
        <translation>E&amp;spansioni:</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>Facoltativo</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;ote:</translation>
    </message>
    <message>
        <source>(one edition)</source>
        <translation>(un&apos;unica edizione)</translation>
    </message>
    <message>
        <source>(none for this system)</source>
        <translation>(nessuna per questo sistema)</translation>
    </message>
    <message>
        <source>units (squads of figures)</source>
        <translation>unità (squadre di miniature)</translation>
    </message>
    <message>
        <source>individual fighters</source>
        <translation>combattenti singoli</translation>
    </message>
    <message>
        <source>{name} rosters hold {kinds}.</source>
        <translation>Le liste di {name} contengono {kinds}.</translation>
    </message>
</context>
<context>
    <name>CampaignSettingsDialog</name>
    <message>
        <source>Dice Discipline</source>
        <translation>Disciplina dei dadi</translation>
    </message>
    <message>
        <source>Open: previews recorded, the real run rolls anew</source>
        <translation>Aperta: anteprime registrate, il passaggio vero tira di nuovo</translation>
    </message>
    <message>
        <source>Strict: the real run reuses the dice already rolled</source>
        <translation>Rigorosa: il passaggio vero riusa i dadi già tirati</translation>
    </message>
    <message>
        <source>&amp;Dice discipline:</source>
        <translation>&amp;Disciplina dei dadi:</translation>
    </message>
    <message>
        <source>Allow &amp;typed dice (dice rolled at the table)</source>
        <translation>Consenti i dadi &amp;scritti (dadi tirati al tavolo)</translation>
    </message>
    <message>
        <source>Every roll the app makes is on record, previews and cancelled wizards too. Under strict discipline a battle&apos;s After the Battle, a lasting injury or a creature batch keeps the dice first rolled for it; typed dice are refused unless allowed.</source>
        <translation>Ogni tiro che fa l&apos;app è registrato, anche le anteprime e le procedure annullate. Con la disciplina rigorosa il Dopo la battaglia di una battaglia, una ferita duratura o un gruppo di creature tiene i dadi tirati per primi; i dadi scritti sono rifiutati se non sono consentiti.</translation>
    </message>
</context>
<context>
    <name>ContentDialog</name>
    <message>
        <source>&amp;Add Content Pack…</source>
        <translation>&amp;Aggiungi pacchetto di contenuti…</translation>
    </message>
    <message>
        <source>Catalogue of {campaign}</source>
        <translation>Catalogo di {campaign}</translation>
    </message>
    <message>
        <source> (default)</source>
        <translation> (predefinito)</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Oggetto</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoria</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Costo</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origine</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profilo</translation>
    </message>
    <message>
        <source>Add Content Pack</source>
        <translation>Aggiungi pacchetto di contenuti</translation>
    </message>
    <message>
        <source>Content packs (*.toml *.json)</source>
        <translation>Pacchetti di contenuti (*.toml *.json)</translation>
    </message>
</context>
<context>
    <name>CreatureDialog</name>
    <message>
        <source>Generate Creatures</source>
        <translation>Genera creature</translation>
    </message>
    <message>
        <source>Roster:</source>
        <translation>Lista:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>&amp;How many:</source>
        <translation>&amp;Quante:</translation>
    </message>
    <message>
        <source>Super (Rep 5, no roll)</source>
        <translation>Super (Rep 5, senza tiro)</translation>
    </message>
    <message>
        <source>Rep dice</source>
        <translation>Dadi di Rep</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Anteprima</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Rep</source>
        <translation>Rep</translation>
    </message>
    <message>
        <source>How the Rep was set</source>
        <translation>Come è stata fissata la Rep</translation>
    </message>
    <message>
        <source>&amp;Add to roster</source>
        <translation>&amp;Aggiungi alla lista</translation>
    </message>
    <message>
        <source>{label}s are always Rep {fixed}: no dice.</source>
        <translation>I {label} hanno sempre Rep {fixed}: niente dadi.</translation>
    </message>
    <message>
        <source>No dice needed.</source>
        <translation>Nessun dado necessario.</translation>
    </message>
    <message>
        <source>Super: Rep {rep} by agreement, no roll.</source>
        <translation>Super: Rep {rep} di comune accordo, senza tiro.</translation>
    </message>
    <message>
        <source>Rep rolled on {table} (house rules apply).</source>
        <translation>Rep tirata su {table} (valgono le regole della casa).</translation>
    </message>
    <message>
        <source>Needs {n} d6 (one per creature).</source>
        <translation>Servono {n} d6 (uno per creatura).</translation>
    </message>
    <message>
        <source>this campaign&apos;s game (with its expansions) has no creatures</source>
        <translation>il gioco di questa campagna (con le sue espansioni) non ha creature</translation>
    </message>
</context>
<context>
    <name>CreditsDialog</name>
    <message>
        <source>Credits of {roster}</source>
        <translation>Crediti di {roster}</translation>
    </message>
    <message>
        <source>+50 or -20</source>
        <translation>+50 o -20</translation>
    </message>
    <message>
        <source>e.g. sold loot</source>
        <translation>es. bottino venduto</translation>
    </message>
    <message>
        <source>&amp;Credits:</source>
        <translation>&amp;Crediti:</translation>
    </message>
    <message>
        <source>&amp;Why:</source>
        <translation>&amp;Motivo:</translation>
    </message>
    <message>
        <source>give the credits as a whole number such as +50 or -20</source>
        <translation>indica i crediti come numero intero, per esempio +50 o -20</translation>
    </message>
</context>
<context>
    <name>CycleEndDialog</name>
    <message>
        <source>End Cycle {cycle} — {name}</source>
        <translation>Fine del ciclo {cycle} — {name}</translation>
    </message>
    <message>
        <source>The post-cycle sequence: every Critical Injury still waiting is treated (if the gang pays) or the fighter dies; then the roster is updated and the next cycle starts.</source>
        <translation>La sequenza di fine ciclo: ogni Ferita critica ancora in attesa viene curata (se la banda paga) o il combattente muore; poi la lista è aggiornata e inizia il ciclo successivo.</translation>
    </message>
    <message>
        <source>Pay for treatment</source>
        <translation>Paga le cure</translation>
    </message>
    <message>
        <source>{name} ({roster}, {credits} credits)</source>
        <translation>{name} ({roster}, {credits} crediti)</translation>
    </message>
    <message>
        <source>No Critical Injury is waiting.</source>
        <translation>Nessuna Ferita critica in attesa.</translation>
    </message>
    <message>
        <source>Collect every gang&apos;s territory &amp;income (rolls recorded)</source>
        <translation>Riscuoti le &amp;rendite dei territori di ogni banda (tiri registrati)</translation>
    </message>
    <message>
        <source>&amp;End cycle</source>
        <translation>&amp;Chiudi il ciclo</translation>
    </message>
</context>
<context>
    <name>DatabaseDialog</name>
    <message>
        <source>Database Settings</source>
        <translation>Impostazioni del database</translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation>Recenti:</translation>
    </message>
    <message>
        <source>A &amp;file on this computer (SQLite)</source>
        <translation>Un &amp;file su questo computer (SQLite)</translation>
    </message>
    <message>
        <source>A &amp;PostgreSQL server (shared by a club)</source>
        <translation>Un server &amp;PostgreSQL (condiviso da un club)</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Sfoglia…</translation>
    </message>
    <message>
        <source>empty: PGPASSWORD / ~/.pgpass</source>
        <translation>vuoto: PGPASSWORD / ~/.pgpass</translation>
    </message>
    <message>
        <source>Ask for the password every time</source>
        <translation>Chiedi la password ogni volta</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;orta:</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;Database:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Utente:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pass&amp;word:</translation>
    </message>
    <message>
        <source>The password is used to connect and is never saved with the settings.</source>
        <translation>La password serve per connettersi e non viene mai salvata nelle impostazioni.</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Connetti</translation>
    </message>
    <message>
        <source>Campaign database</source>
        <translation>Database della campagna</translation>
    </message>
    <message>
        <source>Campaign databases (*.sqlite *.db);;All files (*)</source>
        <translation>Database delle campagne (*.sqlite *.db);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>choose a file for the database</source>
        <translation>scegli un file per il database</translation>
    </message>
    <message>
        <source>name the database on the server</source>
        <translation>indica il nome del database sul server</translation>
    </message>
</context>
<context>
    <name>DeletedCampaignsDialog</name>
    <message>
        <source>Deleted Campaigns</source>
        <translation>Campagne eliminate</translation>
    </message>
    <message>
        <source>Deleted campaigns are kept, with their rolls and history, until removed for good.</source>
        <translation>Le campagne eliminate sono tenute, con i loro tiri e la loro cronologia, finché non vengono eliminate definitivamente.</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagna</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Gioco</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Eliminata</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Ripristina</translation>
    </message>
    <message>
        <source>Remove for &amp;Good…</source>
        <translation>Elimina &amp;definitivamente…</translation>
    </message>
    <message>
        <source>No deleted campaigns.</source>
        <translation>Nessuna campagna eliminata.</translation>
    </message>
    <message>
        <source>Remove the campaign {name} for good, with its rolls and history? This cannot be undone.</source>
        <translation>Eliminare definitivamente la campagna {name}, con i suoi tiri e la sua cronologia? Non si può annullare.</translation>
    </message>
    <message>
        <source>Remove for Good</source>
        <translation>Elimina definitivamente</translation>
    </message>
</context>
<context>
    <name>DiceChoice</name>
    <message>
        <source>Roll for me</source>
        <translation>Tira per me</translation>
    </message>
    <message>
        <source>I rolled:</source>
        <translation>Ho ottenuto:</translation>
    </message>
    <message>
        <source>faces, e.g. 3,5</source>
        <translation>facce, es. 3,5</translation>
    </message>
    <message>
        <source>The faces you rolled, in order, e.g. 3,5 (a D66 as 35 or 3,5)</source>
        <translation>Le facce ottenute, in ordine, es. 3,5 (un D66 come 35 o 3,5)</translation>
    </message>
</context>
<context>
    <name>DicePreviewDialog</name>
    <message>
        <source>Dice</source>
        <translation>Dadi</translation>
    </message>
    <message>
        <source>&amp;Roll</source>
        <translation>&amp;Tira</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Chi</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regola</translation>
    </message>
    <message>
        <source>What happens</source>
        <translation>Cosa succede</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>A&amp;pplica</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Anteprima</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>nessuna modifica</translation>
    </message>
    <message>
        <source>roll (or type the dice and press Preview) first: Apply writes what the preview shows</source>
        <translation>prima tira (o scrivi i dadi e premi Anteprima): Applica salva ciò che mostra l&apos;anteprima</translation>
    </message>
</context>
<context>
    <name>FacesView</name>
    <message>
        <source>typed in</source>
        <translation>scritto a mano</translation>
    </message>
    <message>
        <source>rolled by the app</source>
        <translation>tirato dall&apos;app</translation>
    </message>
</context>
<context>
    <name>FighterDialog</name>
    <message>
        <source>Edit {name}</source>
        <translation>Modifica {name}</translation>
    </message>
    <message>
        <source>Add Fighter</source>
        <translation>Aggiungi combattente</translation>
    </message>
    <message>
        <source>e.g. Sgt Rock</source>
        <translation>es. Sgt Rock</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>leader, NCO, medic…</source>
        <translation>capo, sottufficiale, medico…</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>&amp;Ruolo:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>Reputation 1-6</source>
        <translation>Reputazione 1-6</translation>
    </message>
    <message>
        <source>R&amp;ep:</source>
        <translation>R&amp;ep:</translation>
    </message>
    <message>
        <source> cr</source>
        <translation> cr</translation>
    </message>
    <message>
        <source>&amp;XP:</source>
        <translation>&amp;XP:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Valore:</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Stato:</translation>
    </message>
    <message>
        <source>Characteristics</source>
        <translation>Caratteristiche</translation>
    </message>
    <message>
        <source>{label}: {low}{value} to {high}{value}</source>
        <translation>{label}: da {low}{value} a {high}{value}</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Armi</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Abilità</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>{key} cannot be left empty (type a value, or Cancel to keep it)</source>
        <translation>{key} non può restare vuoto (scrivi un valore, o Annulla per tenerlo)</translation>
    </message>
    <message>
        <source>Rep: choose a Rep from 1 to 6 (fighters in this game need a Rep)</source>
        <translation>Rep: scegli una Rep da 1 a 6 (i combattenti di questo gioco hanno bisogno di una Rep)</translation>
    </message>
    <message>
        <source>press Add to add the weapon {name!r} (or clear the field)</source>
        <translation>premi Aggiungi per aggiungere l&apos;arma {name!r} (o svuota il campo)</translation>
    </message>
    <message>
        <source>press Add to add the skill {name!r} (or clear the field)</source>
        <translation>premi Aggiungi per aggiungere l&apos;abilità {name!r} (o svuota il campo)</translation>
    </message>
    <message>
        <source>Add Fighter — {saved_count} added</source>
        <translation>Aggiungi combattente — {saved_count} aggiunti</translation>
    </message>
</context>
<context>
    <name>FiguresModel</name>
    <message>
        <source>double-click to choose how this figure ended the battle</source>
        <translation>doppio clic per scegliere come questa miniatura ha finito la battaglia</translation>
    </message>
    <message>
        <source>{name} is {status} and cannot take part</source>
        <translation>{name} è {status} e non può partecipare</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Help</source>
        <translation>Aiuto</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Azione</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasti</translation>
    </message>
    <message>
        <source>Getting Started</source>
        <translation>Per iniziare</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Scorciatoie da tastiera</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>Filter actions…</source>
        <translation>Filtra le azioni…</translation>
    </message>
    <message>
        <source>Show undone</source>
        <translation>Mostra quelle annullate</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Azione</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Cosa</translation>
    </message>
</context>
<context>
    <name>HouseRulesDialog</name>
    <message>
        <source>House Rules — {name}</source>
        <translation>Regole della casa — {name}</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabella</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dadi</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>riferimento</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Modificata</translation>
    </message>
    <message>
        <source>house rule</source>
        <translation>regola della casa</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titolo:</translation>
    </message>
    <message>
        <source>Dice:</source>
        <translation>Dadi:</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Nota:</translation>
    </message>
    <message>
        <source>Add row</source>
        <translation>Aggiungi riga</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Rimuovi riga</translation>
    </message>
    <message>
        <source>Restore shipped table</source>
        <translation>Ripristina la tabella originale</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Ripristina</translation>
    </message>
    <message>
        <source>Save house rule</source>
        <translation>Salva la regola della casa</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Modifiche non salvate</translation>
    </message>
    <message>
        <source>Save your changes to {title} as a house rule before closing?</source>
        <translation>Salvare le modifiche a {title} come regola della casa prima di chiudere?</translation>
    </message>
    <message>
        <source>Save or revert your changes to {title} first.</source>
        <translation>Prima salva o annulla le modifiche a {title}.</translation>
    </message>
    <message>
        <source>  (house rule)</source>
        <translation>  (regola della casa)</translation>
    </message>
    <message>
        <source>none: a reference table, one row per entry</source>
        <translation>nessuno: una tabella di riferimento, una riga per voce</translation>
    </message>
    <message>
        <source> vs {target}</source>
        <translation> contro {target}</translation>
    </message>
    <message>
        <source>  — rows must cover every result of the dice once</source>
        <translation>  — le righe devono coprire una volta ogni risultato dei dadi</translation>
    </message>
    <message>
        <source>Saved as a house rule of this campaign (Undo reverts it).</source>
        <translation>Salvata come regola della casa di questa campagna (Annulla la toglie).</translation>
    </message>
    <message>
        <source>Back to the shipped table.</source>
        <translation>Tornata alla tabella originale.</translation>
    </message>
</context>
<context>
    <name>InjuryRollDialog</name>
    <message>
        <source>Lasting Injury — {name}</source>
        <translation>Ferita duratura — {name}</translation>
    </message>
    <message>
        <source>Roll on the edition&apos;s Lasting Injury table (Lasting Damage for a vehicle) for a fighter taken out outside a recorded battle. Every effect is applied and the injury recorded.</source>
        <translation>Tiro sulla tabella delle Ferite durature dell&apos;edizione (Danni duraturi per un veicolo) per un combattente messo fuori combattimento fuori da una battaglia registrata. Ogni effetto è applicato e la ferita registrata.</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattente:</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; ({roster})</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; ({roster})</translation>
    </message>
    <message>
        <source>not named</source>
        <translation>non indicato</translation>
    </message>
    <message>
        <source>Who took the fighter out: for Hatred, and who holds a captive. Not named: the campaign&apos;s other gang when there is only one.</source>
        <translation>Chi ha messo fuori combattimento il combattente: per l&apos;Odio, e chi tiene un prigioniero. Non indicato: l&apos;altra banda della campagna quando ce n&apos;è una sola.</translation>
    </message>
    <message>
        <source>Taken out &amp;by:</source>
        <translation>Messo fuori combattimento &amp;da:</translation>
    </message>
</context>
<context>
    <name>LeagueDialog</name>
    <message>
        <source>Open League</source>
        <translation>Apri una lega</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>&amp;URL del server:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Password:</translation>
    </message>
    <message>
        <source>Sign &amp;In</source>
        <translation>&amp;Accedi</translation>
    </message>
    <message>
        <source>The URL of a league server starts with https:// (or http:// on a local network).</source>
        <translation>L’URL di un server di lega inizia con https:// (o http:// su una rete locale).</translation>
    </message>
    <message>
        <source>Give your member name.</source>
        <translation>Indica il tuo nome di membro.</translation>
    </message>
    <message>
        <source>Signed in to {url} as {name} ({role})</source>
        <translation>Accesso a {url} come {name} ({role})</translation>
    </message>
    <message>
        <source>Cannot sign in</source>
        <translation>Accesso non riuscito</translation>
    </message>
    <message>
        <source>Signing in</source>
        <translation>Accesso</translation>
    </message>
</context>
<context>
    <name>LedgerDialog</name>
    <message>
        <source>Ledger and Stash of {roster}</source>
        <translation>Conti e deposito di {roster}</translation>
    </message>
    <message>
        <source>Rating {rating} · credits {credits} · stash {stash} · wealth {wealth}</source>
        <translation>Valutazione {rating} · crediti {credits} · deposito {stash} · ricchezza {wealth}</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Crediti</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Saldo</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Battle</source>
        <translation>Battaglia</translation>
    </message>
    <message>
        <source>Stash</source>
        <translation>Deposito</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Oggetto</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoria</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>Qtà</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Costo</translation>
    </message>
    <message>
        <source>&amp;Give to Fighter</source>
        <translation>&amp;Dai al combattente</translation>
    </message>
    <message>
        <source>&amp;Fighter:</source>
        <translation>&amp;Combattente:</translation>
    </message>
    <message>
        <source>pick an item of the stash and a fighter</source>
        <translation>scegli un oggetto del deposito e un combattente</translation>
    </message>
</context>
<context>
    <name>LiveUpdates</name>
    <message>
        <source>Live updates are back on</source>
        <translation>Gli aggiornamenti in diretta sono di nuovo attivi</translation>
    </message>
    <message>
        <source>Live updates are off</source>
        <translation>Aggiornamenti dal vivo spenti</translation>
    </message>
    <message>
        <source>trying again in {seconds} s</source>
        <translation>nuovo tentativo tra {seconds} s</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>No campaigns yet</source>
        <translation>Ancora nessuna campagna</translation>
    </message>
    <message>
        <source>Start your own campaign, or look around first in a sample campaign for each game system ({_system_names}).</source>
        <translation>Inizia la tua campagna, o prima dai un&apos;occhiata a una campagna di esempio per ogni sistema di gioco ({_system_names}).</translation>
    </message>
    <message>
        <source>  Open the &amp;demo campaigns</source>
        <translation>  Apri le campagne &amp;dimostrative</translation>
    </message>
    <message>
        <source>  &amp;New campaign…</source>
        <translation>  &amp;Nuova campagna…</translation>
    </message>
    <message>
        <source>Campaigns</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Lista</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Battaglie</translation>
    </message>
    <message>
        <source>Roll Log</source>
        <translation>Registro dei tiri</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Cronologia</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Grafici</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Classifica</translation>
    </message>
    <message>
        <source>Opening {url}…</source>
        <translation>Apertura di {url}…</translation>
    </message>
    <message>
        <source>Opening the campaign database…</source>
        <translation>Apertura del database della campagna…</translation>
    </message>
    <message>
        <source>the campaign database (Ctrl+O to change)</source>
        <translation>il database della campagna (Ctrl+O per cambiarlo)</translation>
    </message>
    <message>
        <source>{n} battle waiting for After the Battle</source>
        <translation>{n} battaglia attende il Dopo la battaglia</translation>
    </message>
    <message>
        <source>{n} battles waiting for After the Battle</source>
        <translation>{n} battaglie attendono il Dopo la battaglia</translation>
    </message>
    <message>
        <source>1 more roster…</source>
        <translation>1 altra lista…</translation>
    </message>
    <message>
        <source>{n} more rosters…</source>
        <translation>altre {n} liste…</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;  ·  {system_name}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;  ·  {system_name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{value}&lt;/b&gt;  ·  {system_name}</source>
        <translation>&lt;b&gt;{value}&lt;/b&gt;  ·  {system_name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;  ·  every roster  ·  {system_name}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;  ·  tutte le liste  ·  {system_name}</translation>
    </message>
    <message>
        <source>  ·  {hidden} more left out by the filter</source>
        <translation>  ·  altri {hidden} esclusi dal filtro</translation>
    </message>
    <message>
        <source>Changed by someone else</source>
        <translation>Modificato da qualcun altro</translation>
    </message>
    <message>
        <source>{title}: cancelled</source>
        <translation>{title}: annullato</translation>
    </message>
    <message>
        <source>About Campaign Manager</source>
        <translation>Informazioni su Campaign Manager</translation>
    </message>
    <message>
        <source>Campaign Manager {__version__}

Campaigns, rosters, battles and After the Battle rolls for {_system_names}. Every roll is logged; every change can be undone.</source>
        <translation>Campaign Manager {__version__}

Campagne, liste, battaglie e tiri di Dopo la battaglia per {_system_names}. Ogni tiro è registrato; ogni modifica si può annullare.</translation>
    </message>
</context>
<context>
    <name>Manage</name>
    <message>
        <source>Re&amp;name Campaign…</source>
        <translation>&amp;Rinomina campagna…</translation>
    </message>
    <message>
        <source>Give the campaign another name</source>
        <translation>Dai un altro nome alla campagna</translation>
    </message>
    <message>
        <source>&amp;Delete Campaign…</source>
        <translation>&amp;Elimina campagna…</translation>
    </message>
    <message>
        <source>Delete the campaign (kept until purged: Deleted Campaigns brings it back)</source>
        <translation>Elimina la campagna (tenuta fino all&apos;eliminazione definitiva: Campagne eliminate la riporta)</translation>
    </message>
    <message>
        <source>Deleted Ca&amp;mpaigns…</source>
        <translation>Campagne elimina&amp;te…</translation>
    </message>
    <message>
        <source>Bring back a deleted campaign, or remove it for good</source>
        <translation>Riporta una campagna eliminata, o eliminala definitivamente</translation>
    </message>
    <message>
        <source>Rena&amp;me Roster…</source>
        <translation>Rin&amp;omina lista…</translation>
    </message>
    <message>
        <source>Give the selected roster another name</source>
        <translation>Dai un altro nome alla lista scelta</translation>
    </message>
    <message>
        <source>De&amp;lete Roster…</source>
        <translation>Eli&amp;mina lista…</translation>
    </message>
    <message>
        <source>Delete the selected roster with its fighters and units (undoable; its rolls stay on record)</source>
        <translation>Elimina la lista scelta con i suoi combattenti e le sue unità (annullabile; i suoi tiri restano registrati)</translation>
    </message>
    <message>
        <source>Mo&amp;ve to Roster…</source>
        <translation>&amp;Sposta in un&apos;altra lista…</translation>
    </message>
    <message>
        <source>Move the selected fighter or unit to another roster of the campaign (or drag it onto one)</source>
        <translation>Sposta il combattente o l&apos;unità scelti in un&apos;altra lista della campagna (o trascinalo sopra una lista)</translation>
    </message>
    <message>
        <source>Rename Campaign</source>
        <translation>Rinomina campagna</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Nuovo nome:</translation>
    </message>
    <message>
        <source>Cannot rename</source>
        <translation>Impossibile rinominare</translation>
    </message>
    <message>
        <source>Campaign renamed {name} (Ctrl+Z to undo)</source>
        <translation>Campagna rinominata in {name} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>1 roster</source>
        <translation>1 lista</translation>
    </message>
    <message>
        <source>{n} rosters</source>
        <translation>{n} liste</translation>
    </message>
    <message>
        <source>Delete the campaign {name} with {what}?</source>
        <translation>Eliminare la campagna {name} con {what}?</translation>
    </message>
    <message>
        <source>It is kept, with its rolls and history, until you remove it for good: Campaign ▸ Deleted Campaigns… brings it back.</source>
        <translation>Viene tenuta, con i suoi tiri e la sua cronologia, finché non la elimini definitivamente: Campagna ▸ Campagne eliminate… la riporta.</translation>
    </message>
    <message>
        <source>Delete Campaign</source>
        <translation>Elimina campagna</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Elimina</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>Impossibile eliminare</translation>
    </message>
    <message>
        <source>Deleted campaign {name} — Campaign ▸ Deleted Campaigns… brings it back</source>
        <translation>Campagna {name} eliminata — Campagna ▸ Campagne eliminate… la riporta</translation>
    </message>
    <message>
        <source>Campaign {name} is back</source>
        <translation>La campagna {name} è tornata</translation>
    </message>
    <message>
        <source>Campaign {name} removed for good</source>
        <translation>Campagna {name} eliminata definitivamente</translation>
    </message>
    <message>
        <source>Rename Roster</source>
        <translation>Rinomina lista</translation>
    </message>
    <message>
        <source>Roster renamed {name} (Ctrl+Z to undo)</source>
        <translation>Lista rinominata in {name} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>1 figure</source>
        <translation>1 miniatura</translation>
    </message>
    <message>
        <source>{n} figures</source>
        <translation>{n} miniature</translation>
    </message>
    <message>
        <source>Delete the roster {name} with {what}?</source>
        <translation>Eliminare la lista {name} con {what}?</translation>
    </message>
    <message>
        <source>Its rolls stay in the roll log. Edit ▸ Undo brings it all back.</source>
        <translation>I suoi tiri restano nel registro dei tiri. Modifica ▸ Annulla riporta tutto.</translation>
    </message>
    <message>
        <source>Delete Roster</source>
        <translation>Elimina lista</translation>
    </message>
    <message>
        <source>Deleted roster {name} — Ctrl+Z brings it back</source>
        <translation>Lista {name} eliminata — Ctrl+Z la riporta</translation>
    </message>
    <message>
        <source>Move to Roster</source>
        <translation>Sposta in un&apos;altra lista</translation>
    </message>
    <message>
        <source>Move {name} to:</source>
        <translation>Sposta {name} in:</translation>
    </message>
    <message>
        <source>Cannot move</source>
        <translation>Impossibile spostare</translation>
    </message>
    <message>
        <source>Moved {name} to {roster} (Ctrl+Z to undo)</source>
        <translation>{name} spostato in {roster} (Ctrl+Z per annullare)</translation>
    </message>
</context>
<context>
    <name>NameList</name>
    <message>
        <source>Type a {rstrip} and press Enter or Add</source>
        <translation>Scrivi un elemento ({rstrip}) e premi Invio o Aggiungi</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Aggiungi</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <source>already recorded; cannot be removed here</source>
        <translation>già registrato; non si può rimuovere qui</translation>
    </message>
</context>
<context>
    <name>PreviewDialog</name>
    <message>
        <source>{n} page</source>
        <translation>{n} pagina</translation>
    </message>
    <message>
        <source>{n} pages</source>
        <translation>{n} pagine</translation>
    </message>
</context>
<context>
    <name>PrintPreview</name>
    <message>
        <source>Print preview: {title}</source>
        <translation>Anteprima di stampa: {title}</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Stampa…</translation>
    </message>
    <message>
        <source>No page preview: install poppler (pdftoppm) or PySide6-Addons.</source>
        <translation>Nessuna anteprima delle pagine: installa poppler (pdftoppm) o PySide6-Addons.</translation>
    </message>
</context>
<context>
    <name>RecruitDialog</name>
    <message>
        <source>Recruit</source>
        <translation>Recluta</translation>
    </message>
    <message>
        <source>Gang:</source>
        <translation>Banda:</translation>
    </message>
    <message>
        <source>{name} ({category}): {cost} credits</source>
        <translation>{name} ({category}): {cost} crediti</translation>
    </message>
    <message>
        <source>&amp;Fighter type:</source>
        <translation>&amp;Tipo di combattente:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Items:</source>
        <translation>&amp;Oggetti:</translation>
    </message>
    <message>
        <source>&amp;Recruit</source>
        <translation>&amp;Recluta</translation>
    </message>
    <message>
        <source>list</source>
        <translation>lista</translation>
    </message>
    <message>
        <source>Trading Post</source>
        <translation>emporio</translation>
    </message>
    <message>
        <source>{name}: {price} credits ({where})</source>
        <translation>{name}: {price} crediti ({where})</translation>
    </message>
    <message>
        <source>Comes with: {items}.</source>
        <translation>Viene con: {items}.</translation>
    </message>
    <message>
        <source>At most {max} in a gang ({n} now).</source>
        <translation>Al massimo {max} per banda (ora {n}).</translation>
    </message>
    <message>
        <source>Cost {total} credits · {left} credits left · gang rating {rating}</source>
        <translation>Costo {total} crediti · restano {left} crediti · valutazione della banda {rating}</translation>
    </message>
    <message>
        <source>the gang&apos;s house has no fighter types</source>
        <translation>la casata della banda non ha tipi di combattente</translation>
    </message>
    <message>
        <source>the gang has {credits} credits; this costs {total}</source>
        <translation>la banda ha {credits} crediti; questo costa {total}</translation>
    </message>
</context>
<context>
    <name>RollLog</name>
    <message>
        <source>{name} (removed)</source>
        <translation>{name} (rimosso)</translation>
    </message>
</context>
<context>
    <name>RollLogView</name>
    <message>
        <source>applied</source>
        <translation>applicato</translation>
    </message>
    <message>
        <source>preview</source>
        <translation>anteprima</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>abbandonato</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>annullato</translation>
    </message>
    <message>
        <source>note</source>
        <translation>nota</translation>
    </message>
    <message>
        <source>Battle:</source>
        <translation>Battaglia:</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattente:</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tabella:</translation>
    </message>
    <message>
        <source>All marks</source>
        <translation>Tutti i contrassegni</translation>
    </message>
    <message>
        <source>Mark:</source>
        <translation>Contrassegno:</translation>
    </message>
    <message>
        <source>Verify Chain</source>
        <translation>Verifica catena</translation>
    </message>
    <message>
        <source>Check every roll&apos;s hash, oldest first (log verify)</source>
        <translation>Controlla l&apos;impronta di ogni tiro, dal più vecchio (log verify)</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Chi</translation>
    </message>
    <message>
        <source>For</source>
        <translation>Per</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dadi</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>Facce</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totale</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Risultato</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabella</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Fonte</translation>
    </message>
    <message>
        <source>chain of over {n} rolls, not checked</source>
        <translation>catena di oltre {n} tiri, non verificata</translation>
    </message>
    <message>
        <source>checking the chain…</source>
        <translation>verifica della catena…</translation>
    </message>
    <message>
        <source>{done} of {total} rolls checked</source>
        <translation>{done} tiri su {total} verificati</translation>
    </message>
    <message>
        <source>chain not checked</source>
        <translation>catena non verificata</translation>
    </message>
    <message>
        <source>chain intact: 1 roll</source>
        <translation>catena integra: 1 tiro</translation>
    </message>
    <message>
        <source>chain intact: {n} rolls</source>
        <translation>catena integra: {n} tiri</translation>
    </message>
    <message>
        <source>chain broken at roll %1</source>
        <translation>catena interrotta al tiro %1</translation>
    </message>
    <message>
        <source>All battles</source>
        <translation>Tutte le battaglie</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Tutti</translation>
    </message>
    <message>
        <source>All tables</source>
        <translation>Tutte le tabelle</translation>
    </message>
    <message>
        <source> of {chosen}</source>
        <translation> di {chosen}</translation>
    </message>
    <message>
        <source>the newest {count} rolls</source>
        <translation>gli ultimi {count} tiri</translation>
    </message>
    <message>
        <source> (scroll down for older ones)</source>
        <translation> (scorri in basso per quelli più vecchi)</translation>
    </message>
    <message>
        <source>1 roll{of}</source>
        <translation>1 tiro{of}</translation>
    </message>
    <message>
        <source>{count} rolls{of}</source>
        <translation>{count} tiri{of}</translation>
    </message>
</context>
<context>
    <name>RosterDialog</name>
    <message>
        <source>Edit Roster</source>
        <translation>Modifica lista</translation>
    </message>
    <message>
        <source>New Roster</source>
        <translation>Nuova lista</translation>
    </message>
    <message>
        <source>e.g. 1st Squad, The Iron Jackals</source>
        <translation>es. 1ª Squadra, Gli Sciacalli di Ferro</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>gang house, nation or army</source>
        <translation>casata, nazione o esercito</translation>
    </message>
    <message>
        <source>&amp;Faction:</source>
        <translation>&amp;Fazione:</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>&amp;Giocatore:</translation>
    </message>
    <message>
        <source> credits</source>
        <translation> crediti</translation>
    </message>
    <message>
        <source>&amp;Credits:</source>
        <translation>&amp;Crediti:</translation>
    </message>
    <message>
        <source>&amp;Reputation:</source>
        <translation>&amp;Reputazione:</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;ote:</translation>
    </message>
    <message>
        <source>{house} starts with {credits} credits (our default).</source>
        <translation>{house} parte con {credits} crediti (nostro valore predefinito).</translation>
    </message>
    <message>
        <source>{house} starts with {credits} credits.</source>
        <translation>{house} parte con {credits} crediti.</translation>
    </message>
</context>
<context>
    <name>RosterFilterBar</name>
    <message>
        <source>Find…</source>
        <translation>Cerca…</translation>
    </message>
    <message>
        <source>Show only the figures whose row holds every word typed: name, type, status, weapons, skills (Ctrl+F)</source>
        <translation>Mostra solo le miniature la cui riga contiene ogni parola scritta: nome, tipo, stato, armi, abilità (Ctrl+F)</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Qualsiasi stato</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Colonne</translation>
    </message>
    <message>
        <source>Choose the columns of the table (kept for each game)</source>
        <translation>Scegli le colonne della tabella (ricordate per ogni gioco)</translation>
    </message>
    <message>
        <source>Show Every Column</source>
        <translation>Mostra tutte le colonne</translation>
    </message>
</context>
<context>
    <name>RosterPage</name>
    <message>
        <source>Rating</source>
        <translation>Valutazione</translation>
    </message>
    <message>
        <source>Wealth</source>
        <translation>Ricchezza</translation>
    </message>
    <message>
        <source>{wealth} (credits {credits}, stash {stash})</source>
        <translation>{wealth} (crediti {credits}, deposito {stash})</translation>
    </message>
</context>
<context>
    <name>RuleRowsModel</name>
    <message>
        <source>{where}: write yes or no</source>
        <translation>{where}: scrivi sì o no</translation>
    </message>
    <message>
        <source>{where}: {text!r} is not a whole number</source>
        <translation>{where}: {text!r} non è un numero intero</translation>
    </message>
    <message>
        <source>row {i}, {field}</source>
        <translation>riga {i}, {field}</translation>
    </message>
    <message>
        <source>ops: status value=…; stat stat=WS delta=1; rep delta=-1; set-rep value=4; xp value=1 (or dice=d3); skill value=…; condition value=…; roll-again table=… times=1; new-figures count=1; remove; figures value=lost; training delta=1; note value=free text</source>
        <translation>operazioni: status value=…; stat stat=WS delta=1; rep delta=-1; set-rep value=4; xp value=1 (o dice=d3); skill value=…; condition value=…; roll-again table=… times=1; new-figures count=1; remove; figures value=lost; training delta=1; note value=testo libero</translation>
    </message>
    <message>
        <source>row {i}: {e}</source>
        <translation>riga {i}: {e}</translation>
    </message>
</context>
<context>
    <name>StandingsView</name>
    <message>
        <source>Roster</source>
        <translation>Lista</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Battaglie</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Vittorie</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Pareggi</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Sconfitte</translation>
    </message>
    <message>
        <source>Casualties caused</source>
        <translation>Perdite inflitte</translation>
    </message>
    <message>
        <source>Casualties suffered</source>
        <translation>Perdite subite</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Valutazione</translation>
    </message>
    <message>
        <source>Counting the standings…</source>
        <translation>Calcolo della classifica…</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Classifica</translation>
    </message>
    <message>
        <source>No rosters in this campaign yet.</source>
        <translation>Ancora nessuna lista in questa campagna.</translation>
    </message>
</context>
<context>
    <name>TableInvite</name>
    <message>
        <source>no free port from {a} to {b} for the table&apos;s server</source>
        <translation>nessuna porta libera da {a} a {b} per il server del tavolo</translation>
    </message>
    <message>
        <source>the table&apos;s server did not start: {why}</source>
        <translation>il server del tavolo non è partito: {why}</translation>
    </message>
    <message>
        <source>it stopped</source>
        <translation>si è fermato</translation>
    </message>
    <message>
        <source>the table&apos;s server stopped: {why}</source>
        <translation>il server del tavolo si è fermato: {why}</translation>
    </message>
    <message>
        <source>Invite to the Table</source>
        <translation>Invita al tavolo</translation>
    </message>
    <message>
        <source>Battle {n}: a phone or tablet scans this code to follow the battle and mark one roster&apos;s figures.</source>
        <translation>Battaglia {n}: un telefono o un tablet scansiona questo codice per seguire la battaglia e segnare le miniature di una banda.</translation>
    </message>
    <message>
        <source>Player&apos;s &amp;roster:</source>
        <translation>&amp;Banda del giocatore:</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>&amp;Lasts at most:</source>
        <translation>&amp;Dura al massimo:</translation>
    </message>
    <message>
        <source>&amp;Make the code</source>
        <translation>&amp;Crea il codice</translation>
    </message>
    <message>
        <source>QR code to join the table</source>
        <translation>Codice QR per unirsi al tavolo</translation>
    </message>
    <message>
        <source>Link to join the table</source>
        <translation>Link per unirsi al tavolo</translation>
    </message>
    <message>
        <source>{roster} joins until {when}, or until the battle is finished. Anyone with this code marks {roster}&apos;s figures.</source>
        <translation>{roster} può unirsi fino alle {when}, o fino alla fine della battaglia. Chi ha questo codice segna le miniature di {roster}.</translation>
    </message>
    <message>
        <source>Starting the table&apos;s server on port {p}…</source>
        <translation>Avvio del server del tavolo sulla porta {p}…</translation>
    </message>
    <message>
        <source>The table&apos;s server is running on port {p} (this window stops it when it closes); the phone must be on this network.</source>
        <translation>Il server del tavolo è attivo sulla porta {p} (questa finestra lo ferma quando si chiude); il telefono deve essere su questa rete.</translation>
    </message>
    <message>
        <source>the table&apos;s server does not answer on port {p}</source>
        <translation>il server del tavolo non risponde sulla porta {p}</translation>
    </message>
</context>
<context>
    <name>Task</name>
    <message>
        <source>{title}: stopping…</source>
        <translation>{title}: arresto in corso…</translation>
    </message>
</context>
<context>
    <name>TerritoriesDialog</name>
    <message>
        <source>&amp;Give Up Selected</source>
        <translation>&amp;Cedi il selezionato</translation>
    </message>
    <message>
        <source>e.g. Old Ruins</source>
        <translation>es. Vecchie rovine</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source> credits</source>
        <translation> crediti</translation>
    </message>
    <message>
        <source>&amp;Each battle:</source>
        <translation>&amp;Ogni battaglia:</translation>
    </message>
    <message>
        <source>e.g. D6x10 (empty: none)</source>
        <translation>es. D6x10 (vuoto: nessuno)</translation>
    </message>
    <message>
        <source>Income &amp;roll:</source>
        <translation>&amp;Tiro di rendita:</translation>
    </message>
    <message>
        <source>Special r&amp;ule:</source>
        <translation>Regola &amp;speciale:</translation>
    </message>
    <message>
        <source>&amp;Add Territory</source>
        <translation>&amp;Aggiungi territorio</translation>
    </message>
    <message>
        <source>Territories of {roster}</source>
        <translation>Territori di {roster}</translation>
    </message>
    <message>
        <source>Territory</source>
        <translation>Territorio</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Crediti</translation>
    </message>
    <message>
        <source>Income roll</source>
        <translation>Tiro di rendita</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regola</translation>
    </message>
    <message>
        <source>pick a territory first</source>
        <translation>scegli prima un territorio</translation>
    </message>
</context>
<context>
    <name>TradeDialog</name>
    <message>
        <source>Sell Equipment of {name}</source>
        <translation>Vendi l&apos;equipaggiamento di {name}</translation>
    </message>
    <message>
        <source>Buy Equipment for {name}</source>
        <translation>Acquista equipaggiamento per {name}</translation>
    </message>
    <message>
        <source>&amp;Item:</source>
        <translation>&amp;Oggetto:</translation>
    </message>
    <message>
        <source>there is no item to choose</source>
        <translation>non c&apos;è nessun oggetto da scegliere</translation>
    </message>
</context>
<context>
    <name>TreatInjuryDialog</name>
    <message>
        <source>Critical Injury — {name}</source>
        <translation>Ferita critica — {name}</translation>
    </message>
    <message>
        <source>A Critical Injury waits for a decision: the gang pays for treatment (the cost is rolled, then the treatment itself), or the fighter dies. Undecided ones die at the end of the cycle.</source>
        <translation>Una Ferita critica attende una decisione: la banda paga le cure (si tira il costo, poi la cura stessa), o il combattente muore. Quelle non decise muoiono alla fine del ciclo.</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattente:</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; ({gang})</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; ({gang})</translation>
    </message>
    <message>
        <source>Gang&apos;s credits:</source>
        <translation>Crediti della banda:</translation>
    </message>
    <message>
        <source>&amp;Pay for treatment</source>
        <translation>&amp;Paga le cure</translation>
    </message>
    <message>
        <source>&amp;Let the fighter die (no dice)</source>
        <translation>&amp;Lascia morire il combattente (senza dadi)</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>Decisione:</translation>
    </message>
</context>
<context>
    <name>UnitDialog</name>
    <message>
        <source>Edit {name}</source>
        <translation>Modifica {name}</translation>
    </message>
    <message>
        <source>Add Unit</source>
        <translation>Aggiungi unità</translation>
    </message>
    <message>
        <source>e.g. 1st Section</source>
        <translation>es. 1ª Sezione</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>&amp;Figures now:</source>
        <translation>&amp;Miniature ora:</translation>
    </message>
    <message>
        <source>Figures at &amp;start:</source>
        <translation>Miniature all&apos;&amp;inizio:</translation>
    </message>
    <message>
        <source>T&amp;raining:</source>
        <translation>Add&amp;estramento:</translation>
    </message>
    <message>
        <source>&amp;Armour:</source>
        <translation>&amp;Corazza:</translation>
    </message>
    <message>
        <source>&amp;Discipline:</source>
        <translation>&amp;Disciplina:</translation>
    </message>
    <message>
        <source>&amp;Order:</source>
        <translation>&amp;Ordine:</translation>
    </message>
    <message>
        <source>&amp;Wounded:</source>
        <translation>&amp;Feriti:</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>Stat&amp;o:</translation>
    </message>
    <message>
        <source>&amp;Battles fought:</source>
        <translation>&amp;Battaglie combattute:</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Armi</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Note</translation>
    </message>
    <message>
        <source> (save {save})</source>
        <translation> (tiro salvezza {save})</translation>
    </message>
    <message>
        <source>(none in this game)</source>
        <translation>(nessuna in questo gioco)</translation>
    </message>
    <message>
        <source>press Add to add the weapon {name!r} (or clear the field)</source>
        <translation>premi Aggiungi per aggiungere l&apos;arma {name!r} (o svuota il campo)</translation>
    </message>
</context>
<context>
    <name>UseCaseDialog</name>
    <message>
        <source>Save &amp;&amp; Add &amp;Another</source>
        <translation>Salva &amp;&amp; aggiungi un &amp;altro</translation>
    </message>
</context>
<context>
    <name>WalkerDialog</name>
    <message>
        <source>Add Walker</source>
        <translation>Aggiungi walker</translation>
    </message>
    <message>
        <source>Roster:</source>
        <translation>Lista:</translation>
    </message>
    <message>
        <source>e.g. Iron Bear</source>
        <translation>es. Orso di Ferro</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>empty: the type&apos;s note</source>
        <translation>vuoto: la nota del tipo</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;ote:</translation>
    </message>
    <message>
        <source>Crew (each a fighter of the roster)</source>
        <translation>Equipaggio (ognuno un combattente della lista)</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Ruolo</translation>
    </message>
    <message>
        <source>Rep</source>
        <translation>Rep</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Reputation 1-6</source>
        <translation>Reputazione 1-6</translation>
    </message>
    <message>
        <source>&amp;Add walker</source>
        <translation>&amp;Aggiungi il walker</translation>
    </message>
    <message>
        <source>guns {value} / {value2}</source>
        <translation>cannoni {value} / {value2}</translation>
    </message>
    <message>
        <source>AA MG {_yn}, hull MG {_yn2}</source>
        <translation>MG AA {_yn}, MG di scafo {_yn2}</translation>
    </message>
    <message>
        <source>speed {speed_road}/{value}</source>
        <translation>velocità {speed_road}/{value}</translation>
    </message>
    <message>
        <source>crew: {roles}</source>
        <translation>equipaggio: {roles}</translation>
    </message>
    <message>
        <source>give the Rep of the {roles}</source>
        <translation>indica la Rep di: {roles}</translation>
    </message>
    <message>
        <source>walker name</source>
        <translation>nome del walker</translation>
    </message>
    <message>
        <source>this campaign&apos;s game (with its expansions) has no walker types</source>
        <translation>il gioco di questa campagna (con le sue espansioni) non ha tipi di walker</translation>
    </message>
</context>
<context>
    <name>WalkerTypesDialog</name>
    <message>
        <source>Walker Types — {name}</source>
        <translation>Tipi di walker — {name}</translation>
    </message>
    <message>
        <source>Add a walker type to this campaign</source>
        <translation>Aggiungi un tipo di walker a questa campagna</translation>
    </message>
    <message>
        <source>e.g. Panzerläufer II</source>
        <translation>es. Panzerläufer II</translation>
    </message>
    <message>
        <source>e.g. Germany</source>
        <translation>es. Germania</translation>
    </message>
    <message>
        <source>AP 1-20, Grenade, or empty</source>
        <translation>AP 1-20, Granata, o vuoto</translation>
    </message>
    <message>
        <source>AA MG</source>
        <translation>MG AA</translation>
    </message>
    <message>
        <source>Hull MG</source>
        <translation>MG di scafo</translation>
    </message>
    <message>
        <source>empty: unknown</source>
        <translation>vuoto: sconosciuto</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>Nation:</source>
        <translation>Nazione:</translation>
    </message>
    <message>
        <source>Armour &amp;front:</source>
        <translation>Corazza &amp;frontale:</translation>
    </message>
    <message>
        <source>Armour &amp;side:</source>
        <translation>Corazza &amp;laterale:</translation>
    </message>
    <message>
        <source>Gun &amp;1:</source>
        <translation>Cannone &amp;1:</translation>
    </message>
    <message>
        <source>Gun &amp;2:</source>
        <translation>Cannone &amp;2:</translation>
    </message>
    <message>
        <source>Speed, &amp;road:</source>
        <translation>Velocità, st&amp;rada:</translation>
    </message>
    <message>
        <source>cross-&amp;country:</source>
        <translation>fuori&amp;strada:</translation>
    </message>
    <message>
        <source>&amp;Crew:</source>
        <translation>E&amp;quipaggio:</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Note:</translation>
    </message>
    <message>
        <source>Top armour is worked out from the side armour.</source>
        <translation>La corazza superiore si ricava da quella laterale.</translation>
    </message>
    <message>
        <source>&amp;Add type</source>
        <translation>&amp;Aggiungi il tipo</translation>
    </message>
    <message>
        <source>Added {name} (Ctrl+Z in the main window undoes it)</source>
        <translation>{name} aggiunto (Ctrl+Z nella finestra principale lo annulla)</translation>
    </message>
</context>
<context>
    <name>actions</name>
    <message>
        <source>&amp;Database Settings…</source>
        <translation>Impostazioni del &amp;database…</translation>
    </message>
    <message>
        <source>Choose the campaign database (file or server)</source>
        <translation>Scegli il database della campagna (file o server)</translation>
    </message>
    <message>
        <source>Open &amp;League…</source>
        <translation>Apri una &amp;lega…</translation>
    </message>
    <message>
        <source>Sign in to a league server and open its campaigns</source>
        <translation>Accedi a un server di lega e apri le sue campagne</translation>
    </message>
    <message>
        <source>Create &amp;Demo Campaigns</source>
        <translation>Crea le campagne &amp;dimostrative</translation>
    </message>
    <message>
        <source>Add one sample campaign per game system</source>
        <translation>Aggiungi una campagna di esempio per ogni sistema di gioco</translation>
    </message>
    <message>
        <source>Import &amp;Campaign (JSON)…</source>
        <translation>Importa &amp;campagna (JSON)…</translation>
    </message>
    <message>
        <source>Import a campaign exported from this app</source>
        <translation>Importa una campagna esportata da questa app</translation>
    </message>
    <message>
        <source>Export Campaign as &amp;JSON…</source>
        <translation>Esporta la campagna in &amp;JSON…</translation>
    </message>
    <message>
        <source>Save the whole campaign as a JSON file</source>
        <translation>Salva l&apos;intera campagna in un file JSON</translation>
    </message>
    <message>
        <source>&amp;Roster PDF…</source>
        <translation>&amp;Lista in PDF…</translation>
    </message>
    <message>
        <source>Print the selected roster</source>
        <translation>Stampa la lista scelta</translation>
    </message>
    <message>
        <source>Fighter &amp;Cards PDF…</source>
        <translation>&amp;Schede dei combattenti in PDF…</translation>
    </message>
    <message>
        <source>Print a card for each fighter or unit of the roster</source>
        <translation>Stampa una scheda per ogni combattente o unità della lista</translation>
    </message>
    <message>
        <source>&amp;Quick Reference PDF…</source>
        <translation>&amp;Riferimento rapido in PDF…</translation>
    </message>
    <message>
        <source>Print the quick-reference cards of the campaign&apos;s game</source>
        <translation>Stampa le schede di riferimento rapido del gioco della campagna</translation>
    </message>
    <message>
        <source>&amp;All Rosters of the Campaign PDF…</source>
        <translation>&amp;Tutte le liste della campagna in PDF…</translation>
    </message>
    <message>
        <source>Print every roster of the campaign in one PDF</source>
        <translation>Stampa tutte le liste della campagna in un solo PDF</translation>
    </message>
    <message>
        <source>Campaign &amp;Report PDF…</source>
        <translation>R&amp;apporto della campagna in PDF…</translation>
    </message>
    <message>
        <source>Print the campaign&apos;s battles, standings, roster histories and charts</source>
        <translation>Stampa battaglie, classifiche, storie delle liste e grafici della campagna</translation>
    </message>
    <message>
        <source>&amp;Back Up Database…</source>
        <translation>&amp;Backup del database…</translation>
    </message>
    <message>
        <source>Save a copy of the whole database (SQLite copy; JSON on a server)</source>
        <translation>Salva una copia dell&apos;intero database (copia SQLite; JSON su un server)</translation>
    </message>
    <message>
        <source>Re&amp;store from Backup…</source>
        <translation>Ripri&amp;stina da un backup…</translation>
    </message>
    <message>
        <source>Replace the whole database with a backup (checked first; the current one is saved)</source>
        <translation>Sostituisci l&apos;intero database con un backup (verificato prima; quello attuale viene salvato)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Esci</translation>
    </message>
    <message>
        <source>Close the app</source>
        <translation>Chiudi l&apos;app</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annulla</translation>
    </message>
    <message>
        <source>Undo the campaign&apos;s last action</source>
        <translation>Annulla l&apos;ultima azione della campagna</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Ripeti</translation>
    </message>
    <message>
        <source>Redo the last undone action</source>
        <translation>Ripeti l&apos;ultima azione annullata</translation>
    </message>
    <message>
        <source>&amp;Edit Selected…</source>
        <translation>&amp;Modifica selezionato…</translation>
    </message>
    <message>
        <source>Edit the selected fighter or unit</source>
        <translation>Modifica il combattente o l&apos;unità scelti</translation>
    </message>
    <message>
        <source>Re&amp;move Selected</source>
        <translation>Ri&amp;muovi selezionato</translation>
    </message>
    <message>
        <source>Remove the selected fighter or unit (undoable)</source>
        <translation>Rimuovi il combattente o l&apos;unità scelti (annullabile)</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>Ri&amp;carica</translation>
    </message>
    <message>
        <source>Read the database again</source>
        <translation>Rileggi il database</translation>
    </message>
    <message>
        <source>&amp;New Campaign…</source>
        <translation>&amp;Nuova campagna…</translation>
    </message>
    <message>
        <source>Start a campaign: game system, edition, expansions</source>
        <translation>Inizia una campagna: sistema di gioco, edizione, espansioni</translation>
    </message>
    <message>
        <source>New &amp;Roster…</source>
        <translation>Nuova &amp;lista…</translation>
    </message>
    <message>
        <source>Add a gang, squad or force to the campaign</source>
        <translation>Aggiungi una banda, una squadra o una forza alla campagna</translation>
    </message>
    <message>
        <source>Edit R&amp;oster…</source>
        <translation>Modifica li&amp;sta…</translation>
    </message>
    <message>
        <source>Edit the selected roster&apos;s name, faction, player, credits</source>
        <translation>Modifica nome, fazione, giocatore, crediti della lista scelta</translation>
    </message>
    <message>
        <source>&amp;House Rules…</source>
        <translation>Regole della &amp;casa…</translation>
    </message>
    <message>
        <source>Edit a rules table for this campaign only</source>
        <translation>Modifica una tabella di regole solo per questa campagna</translation>
    </message>
    <message>
        <source>Add &amp;Fighter…</source>
        <translation>Aggiungi &amp;combattente…</translation>
    </message>
    <message>
        <source>Add a fighter to the selected roster</source>
        <translation>Aggiungi un combattente alla lista scelta</translation>
    </message>
    <message>
        <source>Add &amp;Unit…</source>
        <translation>Aggiungi &amp;unità…</translation>
    </message>
    <message>
        <source>Add a unit to the selected roster (squad games)</source>
        <translation>Aggiungi un&apos;unità alla lista scelta (giochi di squadre)</translation>
    </message>
    <message>
        <source>&amp;Find in Roster…</source>
        <translation>&amp;Cerca nella lista…</translation>
    </message>
    <message>
        <source>Show only the figures whose name, type, weapons or skills hold the words typed</source>
        <translation>Mostra solo le miniature il cui nome, tipo, armi o abilità contengono le parole scritte</translation>
    </message>
    <message>
        <source>&amp;Duplicate Fighter</source>
        <translation>&amp;Duplica combattente</translation>
    </message>
    <message>
        <source>Add a copy of the selected fighter: type, characteristics, weapons and skills</source>
        <translation>Aggiungi una copia del combattente scelto: tipo, caratteristiche, armi e abilità</translation>
    </message>
    <message>
        <source>Adva&amp;nce…</source>
        <translation>&amp;Avanzamento…</translation>
    </message>
    <message>
        <source>What the selected fighter may take with its XP (or ranks), and taking it</source>
        <translation>Cosa può prendere il combattente scelto con i suoi XP (o gradi), e prenderlo</translation>
    </message>
    <message>
        <source>E&amp;xchange Prisoner</source>
        <translation>Sca&amp;mbia prigioniero</translation>
    </message>
    <message>
        <source>Squad games: the selected prisoner unit comes back</source>
        <translation>Giochi di squadre: l&apos;unità prigioniera scelta ritorna</translation>
    </message>
    <message>
        <source>&amp;Record Battle…</source>
        <translation>&amp;Registra battaglia…</translation>
    </message>
    <message>
        <source>Record who fought and how each figure ended</source>
        <translation>Registra chi ha combattuto e come è finita ogni miniatura</translation>
    </message>
    <message>
        <source>&amp;After the Battle…</source>
        <translation>&amp;Dopo la battaglia…</translation>
    </message>
    <message>
        <source>Walk through the After the Battle rolls of a battle</source>
        <translation>Segui i tiri di Dopo la battaglia di una battaglia</translation>
    </message>
    <message>
        <source>&amp;Set Up Battle…</source>
        <translation>&amp;Prepara battaglia…</translation>
    </message>
    <message>
        <source>Before the game: scenario, who attacks and the crew, every roll on record</source>
        <translation>Prima della partita: scenario, chi attacca e l&apos;equipaggio, ogni tiro registrato</translation>
    </message>
    <message>
        <source>Battle at the &amp;Table…</source>
        <translation>Battaglia al &amp;tavolo…</translation>
    </message>
    <message>
        <source>During the game: mark each figure&apos;s status, hits and casualties; roll the tables</source>
        <translation>Durante la partita: segna stato, colpi e perdite di ogni miniatura; tira sulle tabelle</translation>
    </message>
    <message>
        <source>&amp;Invite to the Table…</source>
        <translation>&amp;Invita al tavolo…</translation>
    </message>
    <message>
        <source>A QR code a phone or tablet scans to follow the battle and mark one roster&apos;s figures</source>
        <translation>Un codice QR che un telefono o un tablet scansiona per seguire la battaglia e segnare le miniature di una banda</translation>
    </message>
    <message>
        <source>&amp;Roster</source>
        <translation>&amp;Lista</translation>
    </message>
    <message>
        <source>&amp;Battles</source>
        <translation>&amp;Battaglie</translation>
    </message>
    <message>
        <source>Roll &amp;Log</source>
        <translation>Registro dei &amp;tiri</translation>
    </message>
    <message>
        <source>Every roll of the campaign, with filters</source>
        <translation>Tutti i tiri della campagna, con filtri</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Cronologia</translation>
    </message>
    <message>
        <source>The campaign&apos;s actions (what Undo undoes)</source>
        <translation>Le azioni della campagna (ciò che Annulla annulla)</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>&amp;Grafici</translation>
    </message>
    <message>
        <source>Casualties, wins, Rep, XP or rating per battle, and the rolls per table</source>
        <translation>Perdite, vittorie, Rep, XP o valutazione per battaglia, e i tiri per tabella</translation>
    </message>
    <message>
        <source>&amp;Standings</source>
        <translation>&amp;Classifica</translation>
    </message>
    <message>
        <source>The rosters ranked by wins, with their battles, casualties and rating</source>
        <translation>Le liste in classifica per vittorie, con battaglie, perdite e valutazione</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Per iniziare</translation>
    </message>
    <message>
        <source>How to keep a campaign here, step by step</source>
        <translation>Come tenere qui una campagna, passo per passo</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Scorciatoie da tastiera</translation>
    </message>
    <message>
        <source>&amp;About Campaign Manager</source>
        <translation>&amp;Informazioni su Campaign Manager</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>US Letter</translation>
    </message>
    <message>
        <source>The window is in {language}</source>
        <translation>La finestra è in {language}</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <source>The window will be in {language} from the next start of the app.</source>
        <translation>La finestra sarà in {language} dal prossimo avvio dell&apos;app.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Apri &amp;recenti</translation>
    </message>
    <message>
        <source>&amp;Print / Export PDF</source>
        <translation>&amp;Stampa / Esporta PDF</translation>
    </message>
    <message>
        <source>Page &amp;Size</source>
        <translation>&amp;Formato pagina</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Modifica</translation>
    </message>
    <message>
        <source>&amp;Campaign</source>
        <translation>&amp;Campagna</translation>
    </message>
    <message>
        <source>&amp;Battle</source>
        <translation>&amp;Battaglia</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Visualizza</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Lingua</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aiuto</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Barra degli strumenti principale</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagna</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Lista</translation>
    </message>
    <message>
        <source>Fighter</source>
        <translation>Combattente</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unità</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifica</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <source>Battle</source>
        <translation>Battaglia</translation>
    </message>
    <message>
        <source>After Battle</source>
        <translation>Dopo battaglia</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Ripeti</translation>
    </message>
    <message>
        <source>Roll Log</source>
        <translation>Registro dei tiri</translation>
    </message>
    <message>
        <source>Print</source>
        <translation>Stampa</translation>
    </message>
    <message>
        <source>Import {label}…</source>
        <translation>Importa: {label}…</translation>
    </message>
    <message>
        <source>Import a {label} file ({name})</source>
        <translation>Importa un file {label} ({name})</translation>
    </message>
    <message>
        <source>&amp;Undo {u}</source>
        <translation>&amp;Annulla {u}</translation>
    </message>
    <message>
        <source>&amp;Redo {r}</source>
        <translation>&amp;Ripeti {r}</translation>
    </message>
    <message>
        <source>Undo: {u} (Ctrl+Z)</source>
        <translation>Annulla: {u} (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Niente da annullare</translation>
    </message>
    <message>
        <source>Redo: {r} (Ctrl+Shift+Z)</source>
        <translation>Ripeti: {r} (Ctrl+Maiusc+Z)</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>Niente da ripetere</translation>
    </message>
</context>
<context>
    <name>battle</name>
    <message>
        <source>Fought</source>
        <translation>Ha combattuto</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Miniatura</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Lista</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Ora</translation>
    </message>
    <message>
        <source>End state</source>
        <translation>Stato finale</translation>
    </message>
    <message>
        <source>Scored a hit</source>
        <translation>Ha colpito</translation>
    </message>
    <message>
        <source>Taken out by</source>
        <translation>Eliminato da</translation>
    </message>
    <message>
        <source>Casualties</source>
        <translation>Perdite</translation>
    </message>
</context>
<context>
    <name>battle_page</name>
    <message>
        <source>Figure</source>
        <translation>Miniatura</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Lista</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Stato</translation>
    </message>
    <message>
        <source>Hit</source>
        <translation>Colpo</translation>
    </message>
    <message>
        <source>Taken out by</source>
        <translation>Eliminato da</translation>
    </message>
    <message>
        <source>Casualties</source>
        <translation>Perdite</translation>
    </message>
</context>
<context>
    <name>battles</name>
    <message>
        <source>Battle recorded (Ctrl+Z to undo)</source>
        <translation>Battaglia registrata (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>No battle is waiting for After the Battle</source>
        <translation>Nessuna battaglia attende il Dopo la battaglia</translation>
    </message>
    <message>
        <source>After the Battle</source>
        <translation>Dopo la battaglia</translation>
    </message>
    <message>
        <source>After the Battle {battle} applied on the league server: {len} steps (only the arbitrator can undo it)</source>
        <translation>Dopo la battaglia {battle} applicato sul server della lega: {len} passi (solo l&apos;arbitro può annullarlo)</translation>
    </message>
    <message>
        <source>After the Battle {battle} applied: {len} steps (Ctrl+Z to undo)</source>
        <translation>Dopo la battaglia {battle} applicato: {len} passi (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Set Up Battle</source>
        <translation>Prepara battaglia</translation>
    </message>
    <message>
        <source>Battle set up (Ctrl+Z to undo)</source>
        <translation>Battaglia preparata (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>No battle is being set up or played: Set Up Battle first</source>
        <translation>Nessuna battaglia in preparazione o in corso: prima Prepara battaglia</translation>
    </message>
    <message>
        <source>Invite to the Table</source>
        <translation>Invita al tavolo</translation>
    </message>
    <message>
        <source>Battle at the table</source>
        <translation>Battaglia al tavolo</translation>
    </message>
</context>
<context>
    <name>charts</name>
    <message>
        <source>No battles or rolls on record yet: the charts fill in as battles are recorded and the rules tables are rolled.</source>
        <translation>Ancora nessuna battaglia né tiro: i grafici si riempiono man mano che si registrano battaglie e si tira sulle tabelle delle regole.</translation>
    </message>
    <message>
        <source>{campaign} is a league of {rosters} rosters and {battles} battles: charts are drawn for campaigns of up to {max_rosters} rosters and {max_battles} battles. The Standings tab ranks every roster.</source>
        <translation>{campaign} è una lega di {rosters} liste e {battles} battaglie: i grafici si disegnano per campagne fino a {max_rosters} liste e {max_battles} battaglie. La scheda Classifica ordina tutte le liste.</translation>
    </message>
</context>
<context>
    <name>database</name>
    <message>
        <source>Loading the campaign database…</source>
        <translation>Caricamento del database della campagna…</translation>
    </message>
    <message>
        <source>The server wants a password</source>
        <translation>Il server chiede una password</translation>
    </message>
    <message>
        <source>cannot open database {url}: {__name__}: {text}</source>
        <translation>impossibile aprire il database {url}: {__name__}: {text}</translation>
    </message>
    <message>
        <source>Cannot open the database</source>
        <translation>Impossibile aprire il database</translation>
    </message>
    <message>
        <source>Opening {url}…</source>
        <translation>Apertura di {url}…</translation>
    </message>
    <message>
        <source>Opening database</source>
        <translation>Apertura del database</translation>
    </message>
    <message>
        <source>Database password</source>
        <translation>Password del database</translation>
    </message>
    <message>
        <source>Password for {url}:</source>
        <translation>Password per {url}:</translation>
    </message>
</context>
<context>
    <name>datafiles</name>
    <message>
        <source>The demo campaigns are already here</source>
        <translation>Le campagne dimostrative ci sono già</translation>
    </message>
    <message>
        <source>Demo campaigns: {names}</source>
        <translation>Campagne dimostrative: {names}</translation>
    </message>
    <message>
        <source>Creating demo campaigns</source>
        <translation>Creazione delle campagne dimostrative</translation>
    </message>
    <message>
        <source>Demo campaigns</source>
        <translation>Campagne dimostrative</translation>
    </message>
    <message>
        <source>Import a campaign</source>
        <translation>Importa una campagna</translation>
    </message>
    <message>
        <source>Campaign files (*.json);;All files (*)</source>
        <translation>File di campagna (*.json);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Checking {name}…</source>
        <translation>Verifica di {name}…</translation>
    </message>
    <message>
        <source>Importing campaign</source>
        <translation>Importazione della campagna</translation>
    </message>
    <message>
        <source>Imported campaign {name}</source>
        <translation>Campagna {name} importata</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importa</translation>
    </message>
    <message>
        <source>No installed game system imports {key!r} files.</source>
        <translation>Nessun sistema di gioco installato importa file {key!r}.</translation>
    </message>
    <message>
        <source>Import a {label}</source>
        <translation>Importa: {label}</translation>
    </message>
    <message>
        <source>A new campaign (named as in the file)</source>
        <translation>Una nuova campagna (con il nome del file)</translation>
    </message>
    <message>
        <source>Add {name} to the campaign:</source>
        <translation>Aggiungi {name} alla campagna:</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>Lettura di {name}…</translation>
    </message>
    <message>
        <source>the {label}</source>
        <translation>il {label}</translation>
    </message>
    <message>
        <source>Imported {name}</source>
        <translation>Importato: {name}</translation>
    </message>
    <message>
        <source>  … and {value} more (campaign-app import {key} prints all)</source>
        <translation>  … e altri {value} (campaign-app import {key} li mostra tutti)</translation>
    </message>
    <message>
        <source>Imported, with gaps</source>
        <translation>Importato, con lacune</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Importato</translation>
    </message>
    <message>
        <source>Importing {label}</source>
        <translation>Importazione: {label}</translation>
    </message>
    <message>
        <source>Export the campaign</source>
        <translation>Esporta la campagna</translation>
    </message>
    <message>
        <source>Campaign files (*.json)</source>
        <translation>File di campagna (*.json)</translation>
    </message>
    <message>
        <source>Writing the campaign…</source>
        <translation>Scrittura della campagna…</translation>
    </message>
    <message>
        <source>Exporting campaign</source>
        <translation>Esportazione della campagna</translation>
    </message>
    <message>
        <source>Saved {out}</source>
        <translation>{out} salvato</translation>
    </message>
    <message>
        <source>Back up the database</source>
        <translation>Backup del database</translation>
    </message>
    <message>
        <source>SQLite backups (*.sqlite);;All files (*)</source>
        <translation>Backup SQLite (*.sqlite);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>JSON backups (*.json);;All files (*)</source>
        <translation>Backup JSON (*.json);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>Scrittura di {name}…</translation>
    </message>
    <message>
        <source>Back up</source>
        <translation>Backup</translation>
    </message>
    <message>
        <source>Backup written to {file} ({bytes:,} bytes)</source>
        <translation>Backup scritto in {file} ({bytes:,} byte)</translation>
    </message>
    <message>
        <source>Backup cancelled: no file kept</source>
        <translation>Backup annullato: nessun file tenuto</translation>
    </message>
    <message>
        <source>Restore from a backup</source>
        <translation>Ripristina da un backup</translation>
    </message>
    <message>
        <source>Backups (*.sqlite *.json);;All files (*)</source>
        <translation>Backup (*.sqlite *.json);;Tutti i file (*)</translation>
    </message>
    <message>
        <source> and {value} more</source>
        <translation> e altri {value}</translation>
    </message>
    <message>
        <source>{n} campaign: {shown}</source>
        <translation>{n} campagna: {shown}</translation>
    </message>
    <message>
        <source>{n} campaigns: {shown}</source>
        <translation>{n} campagne: {shown}</translation>
    </message>
    <message>
        <source>no campaigns</source>
        <translation>nessuna campagna</translation>
    </message>
    <message>
        <source>Replace everything in the database
{breakable}
({now})

with the backup
{breakable2}

The backup is checked first. The current database is saved to its backups folder before it is replaced; Undo cannot take a restore back.</source>
        <translation>Sostituire tutto il contenuto del database
{breakable}
({now})

con il backup
{breakable2}

Il backup viene prima verificato. Il database attuale viene salvato nella sua cartella dei backup prima di essere sostituito; Annulla non può disfare un ripristino.</translation>
    </message>
    <message>
        <source>Restore from backup</source>
        <translation>Ripristina da backup</translation>
    </message>
    <message>
        <source>&amp;Replace with backup</source>
        <translation>&amp;Sostituisci con il backup</translation>
    </message>
    <message>
        <source>Checking {name}, then restoring…</source>
        <translation>Verifica di {name}, poi ripristino…</translation>
    </message>
    <message>
        <source>Opening the restored database…</source>
        <translation>Apertura del database ripristinato…</translation>
    </message>
    <message>
        <source>Restored {counted} from {restored_from}.</source>
        <translation>Ripristinato: {counted} da {restored_from}.</translation>
    </message>
    <message>
        <source>

The previous database was saved to {prev}</source>
        <translation>

Il database precedente è stato salvato in {prev}</translation>
    </message>
    <message>
        <source>Restored, but not reopened</source>
        <translation>Ripristinato, ma non riaperto</translation>
    </message>
    <message>
        <source>{text}

Reopening it failed: {problem}</source>
        <translation>{text}

La riapertura non è riuscita: {problem}</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>Ripristinato</translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation>Impossibile ripristinare</translation>
    </message>
</context>
<context>
    <name>detail</name>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;No rolls yet.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Ancora nessun tiro.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> vs {target}</source>
        <translation> contro {target}</translation>
    </message>
    <message>
        <source> &lt;span class=&apos;typed&apos;&gt;typed&lt;/span&gt;</source>
        <translation> &lt;span class=&apos;typed&apos;&gt;scritto&lt;/span&gt;</translation>
    </message>
    <message>
        <source>pass {value}</source>
        <translation>superati {value}</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;… and {count} earlier rolls (see the Roll log).&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;… e altri {count} tiri precedenti (vedi il Registro dei tiri).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;Has not fought yet.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Non ha ancora combattuto.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{casualties} casualties</source>
        <translation>{casualties} perdite</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>colpo</translation>
    </message>
    <message>
        <source>in {roster}</source>
        <translation>in {roster}</translation>
    </message>
    <message>
        <source>Rep</source>
        <translation>Rep</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valore</translation>
    </message>
    <message>
        <source>Advance…</source>
        <translation>Avanzamento…</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Armi</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profilo</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;None.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Nessuna.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Buy…</source>
        <translation>Compra…</translation>
    </message>
    <message>
        <source>Sell…</source>
        <translation>Vendi…</translation>
    </message>
    <message>
        <source>Ledger and Stash…</source>
        <translation>Registro e scorta…</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Skills and abilities&lt;/h3&gt;&lt;ul&gt;</source>
        <translation>&lt;h3&gt;Abilità e capacità&lt;/h3&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Condizioni</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Lasting injuries&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Ferite durature&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Injury</source>
        <translation>Ferita</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Tira</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>Effetti</translation>
    </message>
    <message>
        <source> &lt;span class=&apos;muted&apos;&gt;(skipped: {skipped})&lt;/span&gt;</source>
        <translation> &lt;span class=&apos;muted&apos;&gt;(saltati: {skipped})&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Crew</source>
        <translation>Equipaggio</translation>
    </message>
    <message>
        <source>Rolls</source>
        <translation>Tiri</translation>
    </message>
    <message>
        <source>&lt;div class=&apos;sub&apos;&gt;{title} unit in {roster}&lt;/div&gt;</source>
        <translation>&lt;div class=&apos;sub&apos;&gt;Unità {title} in {roster}&lt;/div&gt;</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Miniature</translation>
    </message>
    <message>
        <source>At start</source>
        <translation>All&apos;inizio</translation>
    </message>
    <message>
        <source>Wounded</source>
        <translation>Feriti</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Addestramento</translation>
    </message>
    <message>
        <source>Armour</source>
        <translation>Corazza</translation>
    </message>
    <message>
        <source>Discipline</source>
        <translation>Disciplina</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Ordine</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Battaglie</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Gittata</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagna</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Faction</source>
        <translation>Fazione</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Giocatore</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Crediti</translation>
    </message>
    <message>
        <source>Reputation</source>
        <translation>Reputazione</translation>
    </message>
    <message>
        <source>Fighters</source>
        <translation>Combattenti</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Unità</translation>
    </message>
    <message>
        <source>a unit</source>
        <translation>un&apos;unità</translation>
    </message>
    <message>
        <source>a fighter</source>
        <translation>un combattente</translation>
    </message>
    <message>
        <source>Credits…</source>
        <translation>Crediti…</translation>
    </message>
    <message>
        <source>Territories…</source>
        <translation>Territori…</translation>
    </message>
    <message>
        <source>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;{system_name} roster&lt;/div&gt;&lt;table class=&apos;list&apos;&gt;{body}&lt;/table&gt;{notes}&lt;p class=&apos;muted&apos;&gt;Select {what} in the table to see it here.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;Lista di {system_name}&lt;/div&gt;&lt;table class=&apos;list&apos;&gt;{body}&lt;/table&gt;{notes}&lt;p class=&apos;muted&apos;&gt;Scegli {what} nella tabella per vederlo qui.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;{about}&lt;/div&gt;</source>
        <translation>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;{about}&lt;/div&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Campaign cycle {cycle}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ciclo della campagna {cycle}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>&lt;b&gt;#{number}&lt;/b&gt; &lt;span class=&apos;muted&apos;&gt;{played_on}&lt;/span&gt; {rosters}</source>
        <translation>&lt;b&gt;#{number}&lt;/b&gt; &lt;span class=&apos;muted&apos;&gt;{played_on}&lt;/span&gt; {rosters}</translation>
    </message>
    <message>
        <source>{value} figures</source>
        <translation>{value} miniature</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;No rosters yet: Campaign ▸ New Roster.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Ancora nessuna lista: Campagna ▸ Nuova lista.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> — won by {winner}</source>
        <translation> — vinta da {winner}</translation>
    </message>
    <message>
        <source> — After the Battle done</source>
        <translation> — Dopo la battaglia fatto</translation>
    </message>
    <message>
        <source> — &lt;b&gt;After the Battle pending&lt;/b&gt;</source>
        <translation> — &lt;b&gt;Dopo la battaglia in attesa&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;No battles yet.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Ancora nessuna battaglia.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>dice_widgets</name>
    <message>
        <source>typed in</source>
        <translation>scritto a mano</translation>
    </message>
    <message>
        <source>rolled by the app</source>
        <translation>tirato dall&apos;app</translation>
    </message>
    <message>
        <source>, best {keep}</source>
        <translation>, migliore {keep}</translation>
    </message>
    <message>
        <source>{base} vs {target}{best}</source>
        <translation>{base} contro {target}{best}</translation>
    </message>
    <message>
        <source>{value}, best die</source>
        <translation>{value}, dado migliore</translation>
    </message>
    <message>
        <source>{spec} vs {target}</source>
        <translation>{spec} contro {target}</translation>
    </message>
    <message>
        <source> (typed)</source>
        <translation> (scritto)</translation>
    </message>
    <message>
        <source>pass {value}</source>
        <translation>superati {value}</translation>
    </message>
</context>
<context>
    <name>editing</name>
    <message>
        <source>Campaign created</source>
        <translation>Campagna creata</translation>
    </message>
    <message>
        <source>Roster created</source>
        <translation>Lista creata</translation>
    </message>
    <message>
        <source>Roster saved</source>
        <translation>Lista salvata</translation>
    </message>
    <message>
        <source>Fighter added (Ctrl+Z to undo)</source>
        <translation>Combattente aggiunto (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Unit added (Ctrl+Z to undo)</source>
        <translation>Unità aggiunta (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Cannot edit</source>
        <translation>Impossibile modificare</translation>
    </message>
    <message>
        <source>Saved (Ctrl+Z to undo)</source>
        <translation>Salvato (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>{name} is no longer in this database (removed in another window or by another player). The list has been read again.</source>
        <translation>{name} non è più in questo database (rimosso in un&apos;altra finestra o da un altro giocatore). L&apos;elenco è stato riletto.</translation>
    </message>
    <message>
        <source>Cannot remove</source>
        <translation>Impossibile rimuovere</translation>
    </message>
    <message>
        <source>Removed {name} — Ctrl+Z brings it back</source>
        <translation>{name} rimosso — Ctrl+Z lo riporta</translation>
    </message>
    <message>
        <source>Cannot duplicate</source>
        <translation>Impossibile duplicare</translation>
    </message>
    <message>
        <source>Added {name}, a copy of {name2} (Ctrl+Z to undo)</source>
        <translation>{name} aggiunto, copia di {name2} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>{name} is back with the force</source>
        <translation>{name} è di nuovo con la forza</translation>
    </message>
    <message>
        <source>Changed by someone else</source>
        <translation>Modificato da qualcun altro</translation>
    </message>
    <message>
        <source>Cannot do that</source>
        <translation>Impossibile farlo</translation>
    </message>
    <message>
        <source>{message} (Ctrl+Z to undo)</source>
        <translation>{message} (Ctrl+Z per annullare)</translation>
    </message>
</context>
<context>
    <name>exports</name>
    <message>
        <source>Print preview</source>
        <translation>Anteprima di stampa</translation>
    </message>
    <message>
        <source>Save PDF</source>
        <translation>Salva PDF</translation>
    </message>
    <message>
        <source>{base} {value}.pdf</source>
        <translation>{base} {value}.pdf</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>File PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>Esporta PDF</translation>
    </message>
    <message>
        <source>Drawing {done} of {total}…</source>
        <translation>Disegno {done} di {total}…</translation>
    </message>
    <message>
        <source>Reading the campaign…</source>
        <translation>Lettura della campagna…</translation>
    </message>
    <message>
        <source>Saved {counted} to {path}</source>
        <translation>Salvato: {counted} in {path}</translation>
    </message>
    <message>
        <source>Export cancelled: no file written</source>
        <translation>Esportazione annullata: nessun file scritto</translation>
    </message>
</context>
<context>
    <name>help</name>
    <message>
        <source># Getting started

**Campaign Manager** keeps the campaigns of your skirmish games: rosters of fighters
and units, battles, After the Battle rolls and printed rosters, cards and quick
reference sheets.

1. **A first look.** *File ▸ Create Demo Campaigns* makes one finished campaign for each
   game the app knows. Pick one in the tree on the left.
2. **Your own campaign.** *Campaign ▸ New Campaign* (Ctrl+N): a name and the game. Then
   *Campaign ▸ New Roster* (Ctrl+Shift+N) for each player&apos;s gang or force.
3. **Fighters and units.** *Roster ▸ Add Fighter* (Insert) or *Add Unit* (Ctrl+Shift+U).
   Double-click a row or press Enter to edit it; the pane on the right shows everything
   about it. *Edit ▸ Find in Roster* (Ctrl+F) narrows the table; its *Columns* button
   chooses what the table shows.
4. **Play.** *Battle ▸ Set Up Battle* (Ctrl+Alt+B) rolls the scenario, who attacks and
   the crew; *Battle at the Table* (F9) then marks what happens as it happens, one key
   per status. A game played without the app: *Battle ▸ Record Battle* (Ctrl+B), who
   fought and how each figure ended.
5. **After the Battle.** *Battle ▸ After the Battle* (Ctrl+Shift+B) walks through every
   roll the game asks for. Let the app roll, or type the dice you rolled at the table.
   Nothing is saved until you press Apply.
6. **Print.** *File ▸ Print / Export PDF*: the roster (Ctrl+P), fighter cards and the
   quick reference sheet.

Every roll is kept in the **Roll Log** (Ctrl+L) with the dice, the table row and the
rule that asked for it. Every change is one step in the **History** (Ctrl+4):
*Edit ▸ Undo* (Ctrl+Z) takes it back, *Redo* (Ctrl+Shift+Z) brings it back.
The **Charts** (Ctrl+5) show casualties, wins, Rep, XP or rating battle by battle, and
the rolls made on each table.

*View ▸ Theme* chooses light, dark or your desktop&apos;s colours; *View ▸ Language* the
window&apos;s language.

**Your data.** The campaigns live in one database file in your data folder.
*File ▸ Back Up Database* (Ctrl+Shift+S) writes a copy; *Export Campaign as JSON* writes a
file you can import on another computer. For a league, *File ▸ Database Settings*
(Ctrl+O) connects to a PostgreSQL server that every player shares.

**From a terminal.** Everything the window does is also a command:
`campaign-app --help` lists them.
</source>
        <translation># Per iniziare

**Campaign Manager** tiene le campagne dei tuoi giochi di schermaglia: liste di combattenti
e unità, battaglie, tiri di Dopo la battaglia e liste, schede e riferimenti rapidi
stampati.

1. **Una prima occhiata.** *File ▸ Crea le campagne dimostrative* crea una campagna completa
   per ogni gioco che l&apos;app conosce. Scegline una nell&apos;albero a sinistra.
2. **La tua campagna.** *Campagna ▸ Nuova campagna* (Ctrl+N): un nome e il gioco. Poi
   *Campagna ▸ Nuova lista* (Ctrl+Maiusc+N) per la banda o la forza di ogni giocatore.
3. **Combattenti e unità.** *Lista ▸ Aggiungi combattente* (Ins) o *Aggiungi unità*
   (Ctrl+Maiusc+U). Doppio clic su una riga o Invio per modificarla; il pannello a destra
   ne mostra tutto. *Modifica ▸ Cerca nella lista* (Ctrl+F) restringe la tabella; il suo
   pulsante *Colonne* sceglie cosa mostra.
4. **Giocare.** *Battaglia ▸ Prepara battaglia* (Ctrl+Alt+B) tira lo scenario, chi attacca
   e l&apos;equipaggio; *Battaglia al tavolo* (F9) segna poi ciò che accade mentre accade, un
   tasto per stato. Una partita giocata senza l&apos;app: *Battaglia ▸ Registra battaglia*
   (Ctrl+B), chi ha combattuto e come è finita ogni miniatura.
5. **Dopo la battaglia.** *Battaglia ▸ Dopo la battaglia* (Ctrl+Maiusc+B) segue ogni tiro
   che il gioco richiede. Lascia tirare l&apos;app, o scrivi i dadi tirati al tavolo.
   Nulla viene salvato finché non premi Applica.
6. **Stampare.** *File ▸ Stampa / Esporta PDF*: la lista (Ctrl+P), le schede dei
   combattenti e il riferimento rapido.

Ogni tiro resta nel **Registro dei tiri** (Ctrl+L) con i dadi, la riga della tabella e la
regola che l&apos;ha chiesto. Ogni modifica è un passo della **Cronologia** (Ctrl+4):
*Modifica ▸ Annulla* (Ctrl+Z) la disfa, *Ripeti* (Ctrl+Maiusc+Z) la rifà.
I **Grafici** (Ctrl+5) mostrano perdite, vittorie, Rep, XP o valutazione battaglia per
battaglia, e i tiri fatti su ogni tabella.

*Visualizza ▸ Tema* sceglie colori chiari, scuri o quelli del tuo desktop;
*Visualizza ▸ Lingua* la lingua della finestra.

**I tuoi dati.** Le campagne vivono in un file di database nella tua cartella dei dati.
*File ▸ Backup del database* (Ctrl+Maiusc+S) ne scrive una copia; *Esporta la campagna in
JSON* scrive un file da importare su un altro computer. Per una lega, *File ▸ Impostazioni
del database* (Ctrl+O) si collega a un server PostgreSQL condiviso da tutti i giocatori.

**Da un terminale.** Tutto ciò che fa la finestra è anche un comando:
`campaign-app --help` li elenca.
</translation>
    </message>
    <message>
        <source>Edit Selected (in the roster table)</source>
        <translation>Modifica selezionato (nella tabella della lista)</translation>
    </message>
</context>
<context>
    <name>history</name>
    <message>
        <source>Cannot redo</source>
        <translation>Impossibile ripetere</translation>
    </message>
    <message>
        <source>Cannot undo</source>
        <translation>Impossibile annullare</translation>
    </message>
    <message>
        <source>Redone</source>
        <translation>Ripetuto</translation>
    </message>
    <message>
        <source>Undone</source>
        <translation>Annullato</translation>
    </message>
</context>
<context>
    <name>house_rules</name>
    <message>
        <source>Roll</source>
        <translation>Tira</translation>
    </message>
    <message>
        <source>Result key</source>
        <translation>Chiave del risultato</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Etichetta</translation>
    </message>
    <message>
        <source>Effect in words</source>
        <translation>Effetto a parole</translation>
    </message>
    <message>
        <source>Effects (applied)</source>
        <translation>Effetti (applicati)</translation>
    </message>
</context>
<context>
    <name>icons</name>
    <message>
        <source>fit</source>
        <translation>in forma</translation>
    </message>
    <message>
        <source>injured or recovering</source>
        <translation>ferito o in convalescenza</translation>
    </message>
    <message>
        <source>captured or away</source>
        <translation>catturato o assente</translation>
    </message>
    <message>
        <source>dead or lost</source>
        <translation>morto o perso</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <source>No database is open: choose one in File ▸ Database Settings (Ctrl+O).</source>
        <translation>Nessun database aperto: scegline uno in File ▸ Impostazioni del database (Ctrl+O).</translation>
    </message>
    <message>
        <source> and </source>
        <translation> e </translation>
    </message>
    <message>
        <source>{n} fighter</source>
        <translation>{n} combattente</translation>
    </message>
    <message>
        <source>{n} fighters</source>
        <translation>{n} combattenti</translation>
    </message>
    <message>
        <source>{n} unit</source>
        <translation>{n} unità</translation>
    </message>
    <message>
        <source>{n} units</source>
        <translation>{n} unità</translation>
    </message>
    <message>
        <source>{n} figure</source>
        <translation>{n} miniatura</translation>
    </message>
    <message>
        <source>{n} figures</source>
        <translation>{n} miniature</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <source>Roster</source>
        <translation>Lista</translation>
    </message>
</context>
<context>
    <name>paged</name>
    <message>
        <source>{tip} (a table this long sorts by the other columns)</source>
        <translation>{tip} (una tabella così lunga si ordina per le altre colonne)</translation>
    </message>
</context>
<context>
    <name>system_dialogs</name>
    <message>
        <source>{counted} added (Ctrl+Z to undo)</source>
        <translation>Aggiunti: {counted} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Walker type added (Ctrl+Z to undo)</source>
        <translation>Tipo di walker aggiunto (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Walker and crew added (Ctrl+Z to undo)</source>
        <translation>Walker ed equipaggio aggiunti (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Cycle {cycle} ended (Ctrl+Z to undo)</source>
        <translation>Ciclo {cycle} chiuso (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Lasting injury for {fighter}: {injuries} (Ctrl+Z to undo)</source>
        <translation>Ferita duratura per {fighter}: {injuries} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Cannot treat</source>
        <translation>Impossibile curare</translation>
    </message>
    <message>
        <source>Critical injury of {fighter}: {value} (Ctrl+Z to undo)</source>
        <translation>Ferita critica di {fighter}: {value} (Ctrl+Z per annullare)</translation>
    </message>
    <message>
        <source>Release Captive</source>
        <translation>Libera il prigioniero</translation>
    </message>
    <message>
        <source>How does {name} come back to the gang?</source>
        <translation>Come torna {name} alla banda?</translation>
    </message>
    <message>
        <source>Rescued</source>
        <translation>Salvato</translation>
    </message>
    <message>
        <source>Exchanged</source>
        <translation>Scambiato</translation>
    </message>
    <message>
        <source>{name} is back with the gang ({value})</source>
        <translation>{name} è di nuovo con la banda ({value})</translation>
    </message>
    <message>
        <source>Cannot recruit</source>
        <translation>Impossibile reclutare</translation>
    </message>
    <message>
        <source>Fighter recruited (Ctrl+Z to undo)</source>
        <translation>Combattente reclutato (Ctrl+Z per annullare)</translation>
    </message>
</context>
<context>
    <name>theme</name>
    <message>
        <source>Follow the &amp;System</source>
        <translation>Segui il &amp;sistema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Chiaro</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>Sc&amp;uro</translation>
    </message>
</context>
<context>
    <name>views</name>
    <message>
        <source> vs {target}</source>
        <translation> contro {target}</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>annullato</translation>
    </message>
</context>
<context>
    <name>walkers</name>
    <message>
        <source>, this campaign</source>
        <translation>, questa campagna</translation>
    </message>
    <message>
        <source>no nation</source>
        <translation>nessuna nazione</translation>
    </message>
    <message>
        <source>{name} ({nation}{own}) — armour {front}/{side}/{top}, crew {crew}</source>
        <translation>{name} ({nation}{own}) — corazza {front}/{side}/{top}, equipaggio {crew}</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Nation</source>
        <translation>Nazione</translation>
    </message>
    <message>
        <source>Armour F/S/T</source>
        <translation>Corazza F/L/S</translation>
    </message>
    <message>
        <source>Gun 1</source>
        <translation>Cannone 1</translation>
    </message>
    <message>
        <source>Gun 2</source>
        <translation>Cannone 2</translation>
    </message>
    <message>
        <source>AA MG</source>
        <translation>MG AA</translation>
    </message>
    <message>
        <source>Hull MG</source>
        <translation>MG di scafo</translation>
    </message>
    <message>
        <source>Speed road/cc</source>
        <translation>Velocità strada/fs</translation>
    </message>
    <message>
        <source>Crew</source>
        <translation>Equipaggio</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origine</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Note</translation>
    </message>
</context>
<context>
    <name>widgets</name>
    <message>
        <source>Something went wrong: {__name__}: {err}</source>
        <translation>Qualcosa è andato storto: {__name__}: {err}</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Riprova</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>{title}: sent again, done</source>
        <translation>{title}: inviato di nuovo, fatto</translation>
    </message>
</context>
<context>
    <name>wizard</name>
    <message>
        <source>&lt;b&gt;pass {value}&lt;/b&gt;</source>
        <translation>&lt;b&gt;superati {value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>D66 &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>D66 &lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Total &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>Totale &lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>scored a hit</source>
        <translation>ha colpito</translation>
    </message>
    <message>
        <source>{n} casualties</source>
        <translation>{n} perdite</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Winner:&lt;/b&gt; {winner}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Vincitore:&lt;/b&gt; {winner}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;No winner recorded.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Nessun vincitore registrato.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{head}&lt;p&gt;&lt;b&gt;How each figure ended the battle:&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;{rows}&lt;/table&gt;</source>
        <translation>{head}&lt;p&gt;&lt;b&gt;Come ogni miniatura ha finito la battaglia:&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;{rows}&lt;/table&gt;</translation>
    </message>
</context>
<context>
    <name>worker</name>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
</context>
</TS>
