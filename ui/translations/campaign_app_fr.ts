<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Actions</name>
    <message>
        <source>&amp;Dice Discipline…</source>
        <translation>&amp;Discipline des dés…</translation>
    </message>
    <message>
        <source>Open or strict dice, typed dice allowed or not (the roll record)</source>
        <translation>Dés ouverts ou stricts, dés tapés autorisés ou non (l&apos;enregistrement des jets)</translation>
    </message>
    <message>
        <source>C&amp;redits…</source>
        <translation>C&amp;rédits…</translation>
    </message>
    <message>
        <source>Give or take the roster&apos;s credits, with the reason</source>
        <translation>Donner ou retirer des crédits à la liste, avec le motif</translation>
    </message>
    <message>
        <source>&amp;Buy Equipment…</source>
        <translation>&amp;Acheter de l&apos;équipement…</translation>
    </message>
    <message>
        <source>Buy a catalogue item for the selected fighter (the gang&apos;s credits pay)</source>
        <translation>Acheter un objet du catalogue pour le combattant choisi (payé avec les crédits du gang)</translation>
    </message>
    <message>
        <source>Se&amp;ll Equipment…</source>
        <translation>V&amp;endre de l&apos;équipement…</translation>
    </message>
    <message>
        <source>Sell an item the selected fighter carries</source>
        <translation>Vendre un objet que porte le combattant choisi</translation>
    </message>
    <message>
        <source>Led&amp;ger and Stash…</source>
        <translation>Compte&amp;s et réserve…</translation>
    </message>
    <message>
        <source>Every movement of the roster&apos;s credits; the items the gang holds</source>
        <translation>Chaque mouvement des crédits de la liste ; les objets que détient le gang</translation>
    </message>
    <message>
        <source>&amp;Territories…</source>
        <translation>&amp;Territoires…</translation>
    </message>
    <message>
        <source>The territories the roster holds and what each gives a battle; take or give up one</source>
        <translation>Les territoires que tient la liste et ce que chacun rapporte par bataille ; en prendre ou en céder un</translation>
    </message>
    <message>
        <source>&amp;Catalogue and Content Packs…</source>
        <translation>Catalo&amp;gue et packs de contenu…</translation>
    </message>
    <message>
        <source>The campaign&apos;s equipment, costs and profiles; add a content pack</source>
        <translation>L&apos;équipement de la campagne, ses coûts et ses profils ; ajouter un pack de contenu</translation>
    </message>
</context>
<context>
    <name>AdvanceDialog</name>
    <message>
        <source>Advance — {name}</source>
        <translation>Progression — {name}</translation>
    </message>
    <message>
        <source>(Our default: check it against the book.)</source>
        <translation>(Notre valeur par défaut : vérifiez-la dans le livre.)</translation>
    </message>
    <message>
        <source>XP {xp}, value {value}</source>
        <translation>XP {xp}, valeur {value}</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattant :</translation>
    </message>
    <message>
        <source>Advancement</source>
        <translation>Progression</translation>
    </message>
    <message>
        <source>XP</source>
        <translation>XP</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Changement</translation>
    </message>
    <message>
        <source>Can take</source>
        <translation>Possible</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>&amp;Advancement</source>
        <translation>&amp;Progression</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Grants</source>
        <translation>Donne</translation>
    </message>
    <message>
        <source>claimed</source>
        <translation>obtenu</translation>
    </message>
    <message>
        <source>reached</source>
        <translation>atteint</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rangs</translation>
    </message>
    <message>
        <source>the skill gained</source>
        <translation>la compétence gagnée</translation>
    </message>
    <message>
        <source>&amp;Skill:</source>
        <translation>&amp;Compétence :</translation>
    </message>
    <message>
        <source>When the roll offers two advancements: the one to take (same dice)</source>
        <translation>Quand le jet offre deux progressions : celle à prendre (mêmes dés)</translation>
    </message>
    <message>
        <source>&amp;Take:</source>
        <translation>&amp;Prendre :</translation>
    </message>
    <message>
        <source>pick an advancement first</source>
        <translation>choisissez d&apos;abord une progression</translation>
    </message>
    <message>
        <source>choose…</source>
        <translation>choisir…</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>aucun changement</translation>
    </message>
    <message>
        <source>the roll offers a choice: pick the advancement to take</source>
        <translation>le jet offre un choix : choisissez la progression à prendre</translation>
    </message>
    <message>
        <source>Cannot advance</source>
        <translation>Progression impossible</translation>
    </message>
    <message>
        <source>{name}: {what} (Ctrl+Z to undo)</source>
        <translation>{name} : {what} (Ctrl+Z pour annuler)</translation>
    </message>
</context>
<context>
    <name>AfterBattleWizard</name>
    <message>
        <source>After the Battle — battle {number}</source>
        <translation>Après la bataille — bataille {number}</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; &amp;Retour</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>&amp;Suivant &gt;</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Appliquer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>The app now walks through this battle&apos;s After the Battle rules, one roll at a time. For each roll press &lt;b&gt;Roll&lt;/b&gt;, or type what your own dice show. You can go back and change a roll; nothing is saved until you press &lt;b&gt;Apply&lt;/b&gt;, and &lt;b&gt;Cancel&lt;/b&gt; leaves the campaign as it is.</source>
        <translation>L&apos;application parcourt maintenant les règles d&apos;Après la bataille de cette bataille, un jet à la fois. Pour chaque jet, appuyez sur &lt;b&gt;Lancer&lt;/b&gt;, ou tapez ce que montrent vos propres dés. Vous pouvez revenir en arrière et changer un jet ; rien n&apos;est enregistré avant d&apos;appuyer sur &lt;b&gt;Appliquer&lt;/b&gt;, et &lt;b&gt;Annuler&lt;/b&gt; laisse la campagne telle quelle.</translation>
    </message>
    <message>
        <source>On this league the server rolls: each &lt;b&gt;Roll&lt;/b&gt; asks it for the dice, and a roll it made stays made (Back, Cancel or starting again shows the same dice).</source>
        <translation>Dans cette ligue, c&apos;est le serveur qui lance : chaque &lt;b&gt;Lancer&lt;/b&gt; lui demande les dés, et un jet qu&apos;il a fait reste fait (Retour, Annuler ou recommencer montre les mêmes dés).</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>  &amp;Roll</source>
        <translation>  &amp;Lancer</translation>
    </message>
    <message>
        <source>or type what your dice show:</source>
        <translation>ou tapez ce que montrent vos dés :</translation>
    </message>
    <message>
        <source>e.g. 3,5</source>
        <translation>ex. 3,5</translation>
    </message>
    <message>
        <source>&amp;Use these dice</source>
        <translation>&amp;Utiliser ces dés</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>rolled by the league server</source>
        <translation>lancé par le serveur de la ligue</translation>
    </message>
    <message>
        <source>So far:</source>
        <translation>Jusqu&apos;ici :</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every step&lt;/b&gt; (press Apply to save all of it at once):</source>
        <translation>&lt;b&gt;Chaque étape&lt;/b&gt; (Appliquer enregistre tout d&apos;un coup) :</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Qui</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Ce qui s&apos;est passé</translation>
    </message>
    <message>
        <source>&lt;b&gt;Changes to the rosters&lt;/b&gt;:</source>
        <translation>&lt;b&gt;Changements dans les listes&lt;/b&gt; :</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>Roll {value}</source>
        <translation>Jet {value}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{dice_words}&lt;/b&gt; for {purpose}</source>
        <translation>&lt;b&gt;{dice_words}&lt;/b&gt; pour {purpose}</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color: gray&apos;&gt;table {table}, row {row}&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color: gray&apos;&gt;table {table}, ligne {row}&lt;/span&gt;</translation>
    </message>
    <message>
        <source>{value} → &lt;b&gt;{label}&lt;/b&gt;{table}</source>
        <translation>{value} → &lt;b&gt;{label}&lt;/b&gt;{table}</translation>
    </message>
    <message>
        <source>Roll &lt;b&gt;{need}&lt;/b&gt;</source>
        <translation>Lancez &lt;b&gt;{need}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>{n} die, e.g. </source>
        <translation>{n} dé, ex. </translation>
    </message>
    <message>
        <source>{n} dice, e.g. </source>
        <translation>{n} dés, ex. </translation>
    </message>
    <message>
        <source>Summary ({n} roll)</source>
        <translation>Résumé ({n} jet)</translation>
    </message>
    <message>
        <source>Summary ({n} rolls)</source>
        <translation>Résumé ({n} jets)</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>aucun changement</translation>
    </message>
    <message>
        <source>this roll takes {n} die; you typed {typed}</source>
        <translation>ce jet demande {n} dé ; vous en avez tapé {typed}</translation>
    </message>
    <message>
        <source>this roll takes {n} dice; you typed {typed}</source>
        <translation>ce jet demande {n} dés ; vous en avez tapé {typed}</translation>
    </message>
    <message>
        <source>this campaign plays strict dice without typed dice: use Roll</source>
        <translation>cette campagne joue en dés stricts, sans dés tapés : utilisez Lancer</translation>
    </message>
    <message>
        <source>these dice were already rolled (%1): strict dice reuse them</source>
        <translation>ces dés ont déjà été lancés (%1) : les dés stricts les réutilisent</translation>
    </message>
    <message>
        <source>After the Battle</source>
        <translation>Après la bataille</translation>
    </message>
    <message>
        <source>Collect the territories&apos; &amp;income (rolls recorded)</source>
        <translation>Percevoir les rev&amp;enus des territoires (jets enregistrés)</translation>
    </message>
</context>
<context>
    <name>BattleDialog</name>
    <message>
        <source>Record Battle</source>
        <translation>Enregistrer une bataille</translation>
    </message>
    <message>
        <source>Rosters that fought</source>
        <translation>Listes qui ont combattu</translation>
    </message>
    <message>
        <source>e.g. Hold the crossroads</source>
        <translation>ex. Tenir le carrefour</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>&amp;Scénario :</translation>
    </message>
    <message>
        <source>&amp;Date:</source>
        <translation>&amp;Date :</translation>
    </message>
    <message>
        <source>&amp;Winner:</source>
        <translation>&amp;Vainqueur :</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;otes :</translation>
    </message>
    <message>
        <source>How each figure ended the battle (double-click to change)</source>
        <translation>Comment chaque figurine a fini la bataille (double-clic pour changer)</translation>
    </message>
    <message>
        <source>Go on to After the Battle when saved</source>
        <translation>Passer à Après la bataille une fois enregistré</translation>
    </message>
    <message>
        <source>&amp;Record battle</source>
        <translation>&amp;Enregistrer la bataille</translation>
    </message>
    <message>
        <source>no winner (draw)</source>
        <translation>pas de vainqueur (égalité)</translation>
    </message>
    <message>
        <source>tick at least one roster that fought</source>
        <translation>cochez au moins une liste qui a combattu</translation>
    </message>
</context>
<context>
    <name>BattleFiguresModel</name>
    <message>
        <source>hit</source>
        <translation>touche</translation>
    </message>
    <message>
        <source>{casualties} of {figures}</source>
        <translation>{casualties} sur {figures}</translation>
    </message>
</context>
<context>
    <name>BattlePage</name>
    <message>
        <source>Mark the selected figure (click, or press the key)</source>
        <translation>Marquer la figurine choisie (clic, ou touche)</translation>
    </message>
    <message>
        <source>Taken out &amp;by:</source>
        <translation>Mis hors de combat &amp;par :</translation>
    </message>
    <message>
        <source>H  Scored a hit</source>
        <translation>H  A touché</translation>
    </message>
    <message>
        <source>+  Casualty</source>
        <translation>+  Perte</translation>
    </message>
    <message>
        <source>-  Casualty</source>
        <translation>-  Perte</translation>
    </message>
    <message>
        <source>Undo last mark (Ctrl+Z)</source>
        <translation>Annuler la dernière marque (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Start the game</source>
        <translation>Commencer la partie</translation>
    </message>
    <message>
        <source>Finish the game</source>
        <translation>Finir la partie</translation>
    </message>
    <message>
        <source>Winner:</source>
        <translation>Vainqueur :</translation>
    </message>
    <message>
        <source>&amp;Roll a table (recorded against the battle)</source>
        <translation>&amp;Lancer sur une table (noté dans la bataille)</translation>
    </message>
    <message>
        <source>Rep of the selected</source>
        <translation>Rep de la figurine choisie</translation>
    </message>
    <message>
        <source>Against:</source>
        <translation>Contre :</translation>
    </message>
    <message>
        <source>the figure on the other end: the one hit, the other side&apos;s leader</source>
        <translation>la figurine en face : celle touchée, le chef de l&apos;autre camp</translation>
    </message>
    <message>
        <source>Other figure:</source>
        <translation>Autre figurine :</translation>
    </message>
    <message>
        <source>weapon&apos;s</source>
        <translation>de l&apos;arme</translation>
    </message>
    <message>
        <source>Impact:</source>
        <translation>Impact :</translation>
    </message>
    <message>
        <source>Dice (Target):</source>
        <translation>Dés (Cibles) :</translation>
    </message>
    <message>
        <source>all at the first; or e.g. 1,1,2</source>
        <translation>tous sur la première ; ou p. ex. 1,1,2</translation>
    </message>
    <message>
        <source>Dice to targets:</source>
        <translation>Dés par cible :</translation>
    </message>
    <message>
        <source>empty: the app rolls; or the faces you rolled</source>
        <translation>vide : l&apos;application lance ; ou les faces obtenues</translation>
    </message>
    <message>
        <source>I rolled:</source>
        <translation>J&apos;ai obtenu :</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>During the game</source>
        <translation>Pendant la partie</translation>
    </message>
    <message>
        <source>Marks so far</source>
        <translation>Marques jusqu&apos;ici</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>sélection</translation>
    </message>
    <message>
        <source>Battle {number}</source>
        <translation>Bataille {number}</translation>
    </message>
    <message>
        <source>no scenario</source>
        <translation>pas de scénario</translation>
    </message>
    <message>
        <source>{attacker} attacks</source>
        <translation>{attacker} attaque</translation>
    </message>
    <message>
        <source>set up: start the game to mark</source>
        <translation>préparée : commencez la partie pour marquer</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>Battle {number} at the table — {campaign}</source>
        <translation>Bataille {number} sur la table — {campaign}</translation>
    </message>
    <message>
        <source>  (vs {target})</source>
        <translation>  (contre {target})</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>no winner (draw)</source>
        <translation>pas de vainqueur (égalité)</translation>
    </message>
    <message>
        <source>nobody in particular</source>
        <translation>personne en particulier</translation>
    </message>
    <message>
        <source>Select a figure first</source>
        <translation>Choisissez d&apos;abord une figurine</translation>
    </message>
    <message>
        <source>{text} (Ctrl+Z to undo)</source>
        <translation>{text} (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Select a fighter first</source>
        <translation>Choisissez d&apos;abord un combattant</translation>
    </message>
    <message>
        <source>Select a unit first</source>
        <translation>Choisissez d&apos;abord une unité</translation>
    </message>
    <message>
        <source>Undone: {summary}</source>
        <translation>Annulé : {summary}</translation>
    </message>
    <message>
        <source>Battle {number} is in progress: pick a figure, press a status</source>
        <translation>La bataille {number} est en cours : choisissez une figurine, appuyez sur un état</translation>
    </message>
    <message>
        <source>Battle {number} is over: After the Battle starts from what was marked</source>
        <translation>La bataille {number} est finie : Après la bataille part de ce qui a été marqué</translation>
    </message>
    <message>
        <source> vs {target}</source>
        <translation> contre {target}</translation>
    </message>
    <message>
        <source>{command} done</source>
        <translation>{command} : fait</translation>
    </message>
</context>
<context>
    <name>BattleSetupDialog</name>
    <message>
        <source>Set Up Battle</source>
        <translation>Préparer une bataille</translation>
    </message>
    <message>
        <source>&amp;Rosters that fight</source>
        <translation>&amp;Listes qui combattent</translation>
    </message>
    <message>
        <source>empty: roll on {title}</source>
        <translation>vide : jet sur {title}</translation>
    </message>
    <message>
        <source>e.g. Hold the crossroads</source>
        <translation>ex. Tenir le carrefour</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>&amp;Scénario :</translation>
    </message>
    <message>
        <source>&amp;Attacker:</source>
        <translation>&amp;Attaquant :</translation>
    </message>
    <message>
        <source>empty: the app rolls; or the faces you rolled, e.g. 4,6,2</source>
        <translation>vide : l&apos;application lance ; ou les faces obtenues, ex. 4,6,2</translation>
    </message>
    <message>
        <source>I &amp;rolled:</source>
        <translation>J&apos;ai &amp;obtenu :</translation>
    </message>
    <message>
        <source>&amp;Picked fighters</source>
        <translation>&amp;Combattants choisis</translation>
    </message>
    <message>
        <source> (none ticked: every available one fights)</source>
        <translation> (aucun coché : tous les disponibles combattent)</translation>
    </message>
    <message>
        <source>Fighters in recovery, captured or dead are not offered.</source>
        <translation>Les combattants en convalescence, capturés ou morts ne sont pas proposés.</translation>
    </message>
    <message>
        <source>&amp;Set up battle</source>
        <translation>&amp;Préparer la bataille</translation>
    </message>
    <message>
        <source>roll for it</source>
        <translation>tirer au dé</translation>
    </message>
    <message>
        <source>tick at least one roster that fights</source>
        <translation>cochez au moins une liste qui combat</translation>
    </message>
</context>
<context>
    <name>BattlesView</name>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Scénario</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Listes</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Vainqueur</translation>
    </message>
    <message>
        <source>After the Battle</source>
        <translation>Après la bataille</translation>
    </message>
    <message>
        <source>pending: double-click the battle (or Battle ▸ After the Battle) to run it</source>
        <translation>en attente : double-cliquez la bataille (ou Bataille ▸ Après la bataille) pour la lancer</translation>
    </message>
</context>
<context>
    <name>CampaignDialog</name>
    <message>
        <source>New Campaign</source>
        <translation>Nouvelle campagne</translation>
    </message>
    <message>
        <source>e.g. Kursk 1943</source>
        <translation>ex. Koursk 1943</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Game system:</source>
        <translation>&amp;Système de jeu :</translation>
    </message>
    <message>
        <source>&amp;Edition:</source>
        <translation>É&amp;dition :</translation>
    </message>
    <message>
        <source>E&amp;xpansions:</source>
        <translation>E&amp;xtensions :</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>Facultatif</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;otes :</translation>
    </message>
    <message>
        <source>(one edition)</source>
        <translation>(une seule édition)</translation>
    </message>
    <message>
        <source>(none for this system)</source>
        <translation>(aucune pour ce système)</translation>
    </message>
    <message>
        <source>units (squads of figures)</source>
        <translation>des unités (escouades de figurines)</translation>
    </message>
    <message>
        <source>individual fighters</source>
        <translation>des combattants individuels</translation>
    </message>
    <message>
        <source>{name} rosters hold {kinds}.</source>
        <translation>Les listes de {name} contiennent {kinds}.</translation>
    </message>
</context>
<context>
    <name>CampaignSettingsDialog</name>
    <message>
        <source>Dice Discipline</source>
        <translation>Discipline des dés</translation>
    </message>
    <message>
        <source>Open: previews recorded, the real run rolls anew</source>
        <translation>Ouverte : aperçus enregistrés, le vrai passage relance les dés</translation>
    </message>
    <message>
        <source>Strict: the real run reuses the dice already rolled</source>
        <translation>Stricte : le vrai passage réutilise les dés déjà lancés</translation>
    </message>
    <message>
        <source>&amp;Dice discipline:</source>
        <translation>&amp;Discipline des dés :</translation>
    </message>
    <message>
        <source>Allow &amp;typed dice (dice rolled at the table)</source>
        <translation>Autoriser les dés &amp;tapés (dés lancés sur la table)</translation>
    </message>
    <message>
        <source>Every roll the app makes is on record, previews and cancelled wizards too. Under strict discipline a battle&apos;s After the Battle, a lasting injury or a creature batch keeps the dice first rolled for it; typed dice are refused unless allowed.</source>
        <translation>Chaque jet que fait l&apos;application est enregistré, y compris les aperçus et les assistants annulés. En discipline stricte, l&apos;Après la bataille d&apos;une bataille, une blessure durable ou un lot de créatures garde les dés lancés en premier pour lui ; les dés tapés sont refusés sauf s&apos;ils sont autorisés.</translation>
    </message>
</context>
<context>
    <name>ContentDialog</name>
    <message>
        <source>&amp;Add Content Pack…</source>
        <translation>&amp;Ajouter un pack de contenu…</translation>
    </message>
    <message>
        <source>Catalogue of {campaign}</source>
        <translation>Catalogue de {campaign}</translation>
    </message>
    <message>
        <source> (default)</source>
        <translation> (par défaut)</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Objet</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Catégorie</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origine</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Add Content Pack</source>
        <translation>Ajouter un pack de contenu</translation>
    </message>
    <message>
        <source>Content packs (*.toml *.json)</source>
        <translation>Packs de contenu (*.toml *.json)</translation>
    </message>
</context>
<context>
    <name>CreatureDialog</name>
    <message>
        <source>Generate Creatures</source>
        <translation>Générer des créatures</translation>
    </message>
    <message>
        <source>Roster:</source>
        <translation>Liste :</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Sorte :</translation>
    </message>
    <message>
        <source>&amp;How many:</source>
        <translation>&amp;Combien :</translation>
    </message>
    <message>
        <source>Super (Rep 5, no roll)</source>
        <translation>Super (Rep 5, sans jet)</translation>
    </message>
    <message>
        <source>Rep dice</source>
        <translation>Dés de Rep</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Aperçu</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Rep</source>
        <translation>Rep</translation>
    </message>
    <message>
        <source>How the Rep was set</source>
        <translation>Comment la Rep a été fixée</translation>
    </message>
    <message>
        <source>&amp;Add to roster</source>
        <translation>&amp;Ajouter à la liste</translation>
    </message>
    <message>
        <source>{label}s are always Rep {fixed}: no dice.</source>
        <translation>Les {label}s ont toujours Rep {fixed} : pas de dés.</translation>
    </message>
    <message>
        <source>No dice needed.</source>
        <translation>Pas besoin de dés.</translation>
    </message>
    <message>
        <source>Super: Rep {rep} by agreement, no roll.</source>
        <translation>Super : Rep {rep} d&apos;un commun accord, sans jet.</translation>
    </message>
    <message>
        <source>Rep rolled on {table} (house rules apply).</source>
        <translation>Rep tirée sur {table} (les règles maison s&apos;appliquent).</translation>
    </message>
    <message>
        <source>Needs {n} d6 (one per creature).</source>
        <translation>Il faut {n} d6 (un par créature).</translation>
    </message>
    <message>
        <source>this campaign&apos;s game (with its expansions) has no creatures</source>
        <translation>le jeu de cette campagne (avec ses extensions) n&apos;a pas de créatures</translation>
    </message>
</context>
<context>
    <name>CreditsDialog</name>
    <message>
        <source>Credits of {roster}</source>
        <translation>Crédits de {roster}</translation>
    </message>
    <message>
        <source>+50 or -20</source>
        <translation>+50 ou -20</translation>
    </message>
    <message>
        <source>e.g. sold loot</source>
        <translation>ex. butin vendu</translation>
    </message>
    <message>
        <source>&amp;Credits:</source>
        <translation>&amp;Crédits :</translation>
    </message>
    <message>
        <source>&amp;Why:</source>
        <translation>&amp;Motif :</translation>
    </message>
    <message>
        <source>give the credits as a whole number such as +50 or -20</source>
        <translation>donnez les crédits en nombre entier, comme +50 ou -20</translation>
    </message>
</context>
<context>
    <name>CycleEndDialog</name>
    <message>
        <source>End Cycle {cycle} — {name}</source>
        <translation>Fin du cycle {cycle} — {name}</translation>
    </message>
    <message>
        <source>The post-cycle sequence: every Critical Injury still waiting is treated (if the gang pays) or the fighter dies; then the roster is updated and the next cycle starts.</source>
        <translation>La séquence de fin de cycle : chaque Blessure critique encore en attente est soignée (si le gang paie) ou le combattant meurt ; puis la liste est mise à jour et le cycle suivant commence.</translation>
    </message>
    <message>
        <source>Pay for treatment</source>
        <translation>Payer les soins</translation>
    </message>
    <message>
        <source>{name} ({roster}, {credits} credits)</source>
        <translation>{name} ({roster}, {credits} crédits)</translation>
    </message>
    <message>
        <source>No Critical Injury is waiting.</source>
        <translation>Aucune Blessure critique n&apos;attend.</translation>
    </message>
    <message>
        <source>Collect every gang&apos;s territory &amp;income (rolls recorded)</source>
        <translation>Percevoir les rev&amp;enus des territoires de chaque gang (jets enregistrés)</translation>
    </message>
    <message>
        <source>&amp;End cycle</source>
        <translation>&amp;Finir le cycle</translation>
    </message>
</context>
<context>
    <name>DatabaseDialog</name>
    <message>
        <source>Database Settings</source>
        <translation>Réglages de la base de données</translation>
    </message>
    <message>
        <source>Recent:</source>
        <translation>Récentes :</translation>
    </message>
    <message>
        <source>A &amp;file on this computer (SQLite)</source>
        <translation>Un &amp;fichier sur cet ordinateur (SQLite)</translation>
    </message>
    <message>
        <source>A &amp;PostgreSQL server (shared by a club)</source>
        <translation>Un serveur &amp;PostgreSQL (partagé par un club)</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Parcourir…</translation>
    </message>
    <message>
        <source>empty: PGPASSWORD / ~/.pgpass</source>
        <translation>vide : PGPASSWORD / ~/.pgpass</translation>
    </message>
    <message>
        <source>Ask for the password every time</source>
        <translation>Demander le mot de passe à chaque fois</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Hôte :</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort :</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;Base :</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Utilisateur :</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>&amp;Mot de passe :</translation>
    </message>
    <message>
        <source>The password is used to connect and is never saved with the settings.</source>
        <translation>Le mot de passe sert à se connecter et n&apos;est jamais enregistré avec les réglages.</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Connecter</translation>
    </message>
    <message>
        <source>Campaign database</source>
        <translation>Base de données de campagne</translation>
    </message>
    <message>
        <source>Campaign databases (*.sqlite *.db);;All files (*)</source>
        <translation>Bases de campagne (*.sqlite *.db);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>choose a file for the database</source>
        <translation>choisissez un fichier pour la base de données</translation>
    </message>
    <message>
        <source>name the database on the server</source>
        <translation>nommez la base de données sur le serveur</translation>
    </message>
</context>
<context>
    <name>DeletedCampaignsDialog</name>
    <message>
        <source>Deleted Campaigns</source>
        <translation>Campagnes supprimées</translation>
    </message>
    <message>
        <source>Deleted campaigns are kept, with their rolls and history, until removed for good.</source>
        <translation>Les campagnes supprimées sont gardées, avec leurs jets et leur historique, jusqu&apos;à leur suppression définitive.</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Jeu</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Listes</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>Supprimée</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Restaurer</translation>
    </message>
    <message>
        <source>Remove for &amp;Good…</source>
        <translation>Supprimer &amp;définitivement…</translation>
    </message>
    <message>
        <source>No deleted campaigns.</source>
        <translation>Aucune campagne supprimée.</translation>
    </message>
    <message>
        <source>Remove the campaign {name} for good, with its rolls and history? This cannot be undone.</source>
        <translation>Supprimer définitivement la campagne {name}, avec ses jets et son historique ? Cela ne peut pas être annulé.</translation>
    </message>
    <message>
        <source>Remove for Good</source>
        <translation>Supprimer définitivement</translation>
    </message>
</context>
<context>
    <name>DiceChoice</name>
    <message>
        <source>Roll for me</source>
        <translation>Lancer pour moi</translation>
    </message>
    <message>
        <source>I rolled:</source>
        <translation>J&apos;ai obtenu :</translation>
    </message>
    <message>
        <source>faces, e.g. 3,5</source>
        <translation>faces, ex. 3,5</translation>
    </message>
    <message>
        <source>The faces you rolled, in order, e.g. 3,5 (a D66 as 35 or 3,5)</source>
        <translation>Les faces obtenues, dans l&apos;ordre, ex. 3,5 (un D66 en 35 ou 3,5)</translation>
    </message>
</context>
<context>
    <name>DicePreviewDialog</name>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>&amp;Roll</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Qui</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>What happens</source>
        <translation>Ce qui arrive</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Appliquer</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Aperçu</translation>
    </message>
    <message>
        <source>no changes</source>
        <translation>aucun changement</translation>
    </message>
    <message>
        <source>roll (or type the dice and press Preview) first: Apply writes what the preview shows</source>
        <translation>lancez d&apos;abord (ou tapez les dés et appuyez sur Aperçu) : Appliquer enregistre ce que montre l&apos;aperçu</translation>
    </message>
</context>
<context>
    <name>FacesView</name>
    <message>
        <source>typed in</source>
        <translation>tapé</translation>
    </message>
    <message>
        <source>rolled by the app</source>
        <translation>lancé par l&apos;application</translation>
    </message>
</context>
<context>
    <name>FighterDialog</name>
    <message>
        <source>Edit {name}</source>
        <translation>Modifier {name}</translation>
    </message>
    <message>
        <source>Add Fighter</source>
        <translation>Ajouter un combattant</translation>
    </message>
    <message>
        <source>e.g. Sgt Rock</source>
        <translation>ex. Sgt Rock</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Type :</translation>
    </message>
    <message>
        <source>leader, NCO, medic…</source>
        <translation>chef, sergent, infirmier…</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>&amp;Rôle :</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Sorte :</translation>
    </message>
    <message>
        <source>Reputation 1-6</source>
        <translation>Réputation 1-6</translation>
    </message>
    <message>
        <source>R&amp;ep:</source>
        <translation>R&amp;ep :</translation>
    </message>
    <message>
        <source> cr</source>
        <translation> cr</translation>
    </message>
    <message>
        <source>&amp;XP:</source>
        <translation>&amp;XP :</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Valeur :</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>É&amp;tat :</translation>
    </message>
    <message>
        <source>Characteristics</source>
        <translation>Caractéristiques</translation>
    </message>
    <message>
        <source>{label}: {low}{value} to {high}{value}</source>
        <translation>{label} : de {low}{value} à {high}{value}</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Compétences</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>{key} cannot be left empty (type a value, or Cancel to keep it)</source>
        <translation>{key} ne peut pas rester vide (tapez une valeur, ou Annuler pour la garder)</translation>
    </message>
    <message>
        <source>Rep: choose a Rep from 1 to 6 (fighters in this game need a Rep)</source>
        <translation>Rep : choisissez une Rep de 1 à 6 (les combattants de ce jeu ont besoin d&apos;une Rep)</translation>
    </message>
    <message>
        <source>press Add to add the weapon {name!r} (or clear the field)</source>
        <translation>appuyez sur Ajouter pour ajouter l&apos;arme {name!r} (ou videz le champ)</translation>
    </message>
    <message>
        <source>press Add to add the skill {name!r} (or clear the field)</source>
        <translation>appuyez sur Ajouter pour ajouter la compétence {name!r} (ou videz le champ)</translation>
    </message>
    <message>
        <source>Add Fighter — {saved_count} added</source>
        <translation>Ajouter un combattant — {saved_count} ajoutés</translation>
    </message>
</context>
<context>
    <name>FiguresModel</name>
    <message>
        <source>double-click to choose how this figure ended the battle</source>
        <translation>double-cliquez pour choisir comment cette figurine a fini la bataille</translation>
    </message>
    <message>
        <source>{name} is {status} and cannot take part</source>
        <translation>{name} est {status} et ne peut pas participer</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Help</source>
        <translation>Aide</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <source>Getting Started</source>
        <translation>Premiers pas</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>Filter actions…</source>
        <translation>Filtrer les actions…</translation>
    </message>
    <message>
        <source>Show undone</source>
        <translation>Montrer les annulées</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Quoi</translation>
    </message>
</context>
<context>
    <name>HouseRulesDialog</name>
    <message>
        <source>House Rules — {name}</source>
        <translation>Règles maison — {name}</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>référence</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Modifiée</translation>
    </message>
    <message>
        <source>house rule</source>
        <translation>règle maison</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titre :</translation>
    </message>
    <message>
        <source>Dice:</source>
        <translation>Dés :</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Note :</translation>
    </message>
    <message>
        <source>Add row</source>
        <translation>Ajouter une ligne</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Retirer la ligne</translation>
    </message>
    <message>
        <source>Restore shipped table</source>
        <translation>Rétablir la table d&apos;origine</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Revenir</translation>
    </message>
    <message>
        <source>Save house rule</source>
        <translation>Enregistrer la règle maison</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Changements non enregistrés</translation>
    </message>
    <message>
        <source>Save your changes to {title} as a house rule before closing?</source>
        <translation>Enregistrer vos changements de {title} comme règle maison avant de fermer ?</translation>
    </message>
    <message>
        <source>Save or revert your changes to {title} first.</source>
        <translation>Enregistrez ou abandonnez d&apos;abord vos changements de {title}.</translation>
    </message>
    <message>
        <source>  (house rule)</source>
        <translation>  (règle maison)</translation>
    </message>
    <message>
        <source>none: a reference table, one row per entry</source>
        <translation>aucun : une table de référence, une ligne par entrée</translation>
    </message>
    <message>
        <source> vs {target}</source>
        <translation> contre {target}</translation>
    </message>
    <message>
        <source>  — rows must cover every result of the dice once</source>
        <translation>  — les lignes doivent couvrir une fois chaque résultat des dés</translation>
    </message>
    <message>
        <source>Saved as a house rule of this campaign (Undo reverts it).</source>
        <translation>Enregistrée comme règle maison de cette campagne (Annuler la retire).</translation>
    </message>
    <message>
        <source>Back to the shipped table.</source>
        <translation>Retour à la table d&apos;origine.</translation>
    </message>
</context>
<context>
    <name>InjuryRollDialog</name>
    <message>
        <source>Lasting Injury — {name}</source>
        <translation>Blessure durable — {name}</translation>
    </message>
    <message>
        <source>Roll on the edition&apos;s Lasting Injury table (Lasting Damage for a vehicle) for a fighter taken out outside a recorded battle. Every effect is applied and the injury recorded.</source>
        <translation>Jet sur la table des Blessures durables de l&apos;édition (Dégâts durables pour un véhicule) pour un combattant mis hors de combat en dehors d&apos;une bataille enregistrée. Chaque effet est appliqué et la blessure notée.</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattant :</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; ({roster})</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; ({roster})</translation>
    </message>
    <message>
        <source>not named</source>
        <translation>non nommé</translation>
    </message>
    <message>
        <source>Who took the fighter out: for Hatred, and who holds a captive. Not named: the campaign&apos;s other gang when there is only one.</source>
        <translation>Qui a mis le combattant hors de combat : pour la Haine, et qui détient un captif. Non nommé : l&apos;autre gang de la campagne s&apos;il n&apos;y en a qu&apos;un.</translation>
    </message>
    <message>
        <source>Taken out &amp;by:</source>
        <translation>Mis hors de combat &amp;par :</translation>
    </message>
</context>
<context>
    <name>LeagueDialog</name>
    <message>
        <source>Open League</source>
        <translation>Ouvrir une ligue</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>&amp;URL du serveur :</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Mot de passe :</translation>
    </message>
    <message>
        <source>Sign &amp;In</source>
        <translation>Se &amp;connecter</translation>
    </message>
    <message>
        <source>The URL of a league server starts with https:// (or http:// on a local network).</source>
        <translation>L’URL d’un serveur de ligue commence par https:// (ou http:// sur un réseau local).</translation>
    </message>
    <message>
        <source>Give your member name.</source>
        <translation>Indiquez votre nom de membre.</translation>
    </message>
    <message>
        <source>Signed in to {url} as {name} ({role})</source>
        <translation>Connecté à {url} en tant que {name} ({role})</translation>
    </message>
    <message>
        <source>Cannot sign in</source>
        <translation>Connexion impossible</translation>
    </message>
    <message>
        <source>Signing in</source>
        <translation>Connexion</translation>
    </message>
</context>
<context>
    <name>LedgerDialog</name>
    <message>
        <source>Ledger and Stash of {roster}</source>
        <translation>Comptes et réserve de {roster}</translation>
    </message>
    <message>
        <source>Rating {rating} · credits {credits} · stash {stash} · wealth {wealth}</source>
        <translation>Cote {rating} · crédits {credits} · réserve {stash} · richesse {wealth}</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Crédits</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Solde</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Battle</source>
        <translation>Bataille</translation>
    </message>
    <message>
        <source>Stash</source>
        <translation>Réserve</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>Objet</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Catégorie</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>Qté</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>&amp;Give to Fighter</source>
        <translation>&amp;Donner au combattant</translation>
    </message>
    <message>
        <source>&amp;Fighter:</source>
        <translation>&amp;Combattant :</translation>
    </message>
    <message>
        <source>pick an item of the stash and a fighter</source>
        <translation>choisissez un objet de la réserve et un combattant</translation>
    </message>
</context>
<context>
    <name>LiveUpdates</name>
    <message>
        <source>Live updates are back on</source>
        <translation>Les mises à jour en direct sont rétablies</translation>
    </message>
    <message>
        <source>Live updates are off</source>
        <translation>Mises à jour en direct coupées</translation>
    </message>
    <message>
        <source>trying again in {seconds} s</source>
        <translation>nouvel essai dans {seconds} s</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>No campaigns yet</source>
        <translation>Pas encore de campagne</translation>
    </message>
    <message>
        <source>Start your own campaign, or look around first in a sample campaign for each game system ({_system_names}).</source>
        <translation>Commencez votre propre campagne, ou faites d&apos;abord un tour dans une campagne d&apos;exemple pour chaque système de jeu ({_system_names}).</translation>
    </message>
    <message>
        <source>  Open the &amp;demo campaigns</source>
        <translation>  Ouvrir les campagnes de &amp;démonstration</translation>
    </message>
    <message>
        <source>  &amp;New campaign…</source>
        <translation>  &amp;Nouvelle campagne…</translation>
    </message>
    <message>
        <source>Campaigns</source>
        <translation>Campagnes</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Batailles</translation>
    </message>
    <message>
        <source>Roll Log</source>
        <translation>Journal des jets</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Graphiques</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Classement</translation>
    </message>
    <message>
        <source>Opening {url}…</source>
        <translation>Ouverture de {url}…</translation>
    </message>
    <message>
        <source>Opening the campaign database…</source>
        <translation>Ouverture de la base de données de campagne…</translation>
    </message>
    <message>
        <source>the campaign database (Ctrl+O to change)</source>
        <translation>la base de données de campagne (Ctrl+O pour changer)</translation>
    </message>
    <message>
        <source>{n} battle waiting for After the Battle</source>
        <translation>{n} bataille attend l&apos;Après la bataille</translation>
    </message>
    <message>
        <source>{n} battles waiting for After the Battle</source>
        <translation>{n} batailles attendent l&apos;Après la bataille</translation>
    </message>
    <message>
        <source>1 more roster…</source>
        <translation>1 liste de plus…</translation>
    </message>
    <message>
        <source>{n} more rosters…</source>
        <translation>{n} listes de plus…</translation>
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
        <translation>&lt;b&gt;{name}&lt;/b&gt;  ·  toutes les listes  ·  {system_name}</translation>
    </message>
    <message>
        <source>  ·  {hidden} more left out by the filter</source>
        <translation>  ·  {hidden} de plus écartés par le filtre</translation>
    </message>
    <message>
        <source>Changed by someone else</source>
        <translation>Modifié par quelqu&apos;un d&apos;autre</translation>
    </message>
    <message>
        <source>{title}: cancelled</source>
        <translation>{title} : annulé</translation>
    </message>
    <message>
        <source>About Campaign Manager</source>
        <translation>À propos de Campaign Manager</translation>
    </message>
    <message>
        <source>Campaign Manager {__version__}

Campaigns, rosters, battles and After the Battle rolls for {_system_names}. Every roll is logged; every change can be undone.</source>
        <translation>Campaign Manager {__version__}

Campagnes, listes, batailles et jets d&apos;Après la bataille pour {_system_names}. Chaque jet est noté ; chaque changement peut être annulé.</translation>
    </message>
</context>
<context>
    <name>Manage</name>
    <message>
        <source>Re&amp;name Campaign…</source>
        <translation>&amp;Renommer la campagne…</translation>
    </message>
    <message>
        <source>Give the campaign another name</source>
        <translation>Donner un autre nom à la campagne</translation>
    </message>
    <message>
        <source>&amp;Delete Campaign…</source>
        <translation>Su&amp;pprimer la campagne…</translation>
    </message>
    <message>
        <source>Delete the campaign (kept until purged: Deleted Campaigns brings it back)</source>
        <translation>Supprimer la campagne (gardée jusqu&apos;à la purge : Campagnes supprimées la ramène)</translation>
    </message>
    <message>
        <source>Deleted Ca&amp;mpaigns…</source>
        <translation>Campagnes s&amp;upprimées…</translation>
    </message>
    <message>
        <source>Bring back a deleted campaign, or remove it for good</source>
        <translation>Ramener une campagne supprimée, ou la supprimer définitivement</translation>
    </message>
    <message>
        <source>Rena&amp;me Roster…</source>
        <translation>Ren&amp;ommer la liste…</translation>
    </message>
    <message>
        <source>Give the selected roster another name</source>
        <translation>Donner un autre nom à la liste choisie</translation>
    </message>
    <message>
        <source>De&amp;lete Roster…</source>
        <translation>Supprimer la lis&amp;te…</translation>
    </message>
    <message>
        <source>Delete the selected roster with its fighters and units (undoable; its rolls stay on record)</source>
        <translation>Supprimer la liste choisie avec ses combattants et ses unités (annulable ; ses jets restent enregistrés)</translation>
    </message>
    <message>
        <source>Mo&amp;ve to Roster…</source>
        <translation>Déplacer &amp;vers une liste…</translation>
    </message>
    <message>
        <source>Move the selected fighter or unit to another roster of the campaign (or drag it onto one)</source>
        <translation>Déplacer le combattant ou l&apos;unité choisi vers une autre liste de la campagne (ou le glisser sur celle-ci)</translation>
    </message>
    <message>
        <source>Rename Campaign</source>
        <translation>Renommer la campagne</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>Nouveau nom :</translation>
    </message>
    <message>
        <source>Cannot rename</source>
        <translation>Renommage impossible</translation>
    </message>
    <message>
        <source>Campaign renamed {name} (Ctrl+Z to undo)</source>
        <translation>Campagne renommée en {name} (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>1 roster</source>
        <translation>1 liste</translation>
    </message>
    <message>
        <source>{n} rosters</source>
        <translation>{n} listes</translation>
    </message>
    <message>
        <source>Delete the campaign {name} with {what}?</source>
        <translation>Supprimer la campagne {name} avec {what} ?</translation>
    </message>
    <message>
        <source>It is kept, with its rolls and history, until you remove it for good: Campaign ▸ Deleted Campaigns… brings it back.</source>
        <translation>Elle est gardée, avec ses jets et son historique, jusqu&apos;à ce que vous la supprimiez définitivement : Campagne ▸ Campagnes supprimées… la ramène.</translation>
    </message>
    <message>
        <source>Delete Campaign</source>
        <translation>Supprimer la campagne</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>Suppression impossible</translation>
    </message>
    <message>
        <source>Deleted campaign {name} — Campaign ▸ Deleted Campaigns… brings it back</source>
        <translation>Campagne {name} supprimée — Campagne ▸ Campagnes supprimées… la ramène</translation>
    </message>
    <message>
        <source>Campaign {name} is back</source>
        <translation>La campagne {name} est de retour</translation>
    </message>
    <message>
        <source>Campaign {name} removed for good</source>
        <translation>Campagne {name} supprimée définitivement</translation>
    </message>
    <message>
        <source>Rename Roster</source>
        <translation>Renommer la liste</translation>
    </message>
    <message>
        <source>Roster renamed {name} (Ctrl+Z to undo)</source>
        <translation>Liste renommée en {name} (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>1 figure</source>
        <translation>1 figurine</translation>
    </message>
    <message>
        <source>{n} figures</source>
        <translation>{n} figurines</translation>
    </message>
    <message>
        <source>Delete the roster {name} with {what}?</source>
        <translation>Supprimer la liste {name} avec {what} ?</translation>
    </message>
    <message>
        <source>Its rolls stay in the roll log. Edit ▸ Undo brings it all back.</source>
        <translation>Ses jets restent dans le journal des jets. Édition ▸ Annuler ramène tout.</translation>
    </message>
    <message>
        <source>Delete Roster</source>
        <translation>Supprimer la liste</translation>
    </message>
    <message>
        <source>Deleted roster {name} — Ctrl+Z brings it back</source>
        <translation>Liste {name} supprimée — Ctrl+Z la ramène</translation>
    </message>
    <message>
        <source>Move to Roster</source>
        <translation>Déplacer vers une liste</translation>
    </message>
    <message>
        <source>Move {name} to:</source>
        <translation>Déplacer {name} vers :</translation>
    </message>
    <message>
        <source>Cannot move</source>
        <translation>Déplacement impossible</translation>
    </message>
    <message>
        <source>Moved {name} to {roster} (Ctrl+Z to undo)</source>
        <translation>{name} déplacé vers {roster} (Ctrl+Z pour annuler)</translation>
    </message>
</context>
<context>
    <name>NameList</name>
    <message>
        <source>Type a {rstrip} and press Enter or Add</source>
        <translation>Tapez un élément ({rstrip}) puis Entrée ou Ajouter</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>already recorded; cannot be removed here</source>
        <translation>déjà enregistré ; ne peut pas être retiré ici</translation>
    </message>
</context>
<context>
    <name>PreviewDialog</name>
    <message>
        <source>{n} page</source>
        <translation>{n} page</translation>
    </message>
    <message>
        <source>{n} pages</source>
        <translation>{n} pages</translation>
    </message>
</context>
<context>
    <name>PrintPreview</name>
    <message>
        <source>Print preview: {title}</source>
        <translation>Aperçu avant impression : {title}</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Imprimer…</translation>
    </message>
    <message>
        <source>No page preview: install poppler (pdftoppm) or PySide6-Addons.</source>
        <translation>Pas d&apos;aperçu des pages : installez poppler (pdftoppm) ou PySide6-Addons.</translation>
    </message>
</context>
<context>
    <name>RecruitDialog</name>
    <message>
        <source>Recruit</source>
        <translation>Recruter</translation>
    </message>
    <message>
        <source>Gang:</source>
        <translation>Gang :</translation>
    </message>
    <message>
        <source>{name} ({category}): {cost} credits</source>
        <translation>{name} ({category}) : {cost} crédits</translation>
    </message>
    <message>
        <source>&amp;Fighter type:</source>
        <translation>&amp;Type de combattant :</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Items:</source>
        <translation>&amp;Objets :</translation>
    </message>
    <message>
        <source>&amp;Recruit</source>
        <translation>&amp;Recruter</translation>
    </message>
    <message>
        <source>list</source>
        <translation>liste</translation>
    </message>
    <message>
        <source>Trading Post</source>
        <translation>comptoir</translation>
    </message>
    <message>
        <source>{name}: {price} credits ({where})</source>
        <translation>{name} : {price} crédits ({where})</translation>
    </message>
    <message>
        <source>Comes with: {items}.</source>
        <translation>Fourni avec : {items}.</translation>
    </message>
    <message>
        <source>At most {max} in a gang ({n} now).</source>
        <translation>Au plus {max} par gang ({n} à présent).</translation>
    </message>
    <message>
        <source>Cost {total} credits · {left} credits left · gang rating {rating}</source>
        <translation>Coût {total} crédits · reste {left} crédits · cote du gang {rating}</translation>
    </message>
    <message>
        <source>the gang&apos;s house has no fighter types</source>
        <translation>la maison du gang n&apos;a pas de types de combattants</translation>
    </message>
    <message>
        <source>the gang has {credits} credits; this costs {total}</source>
        <translation>le gang a {credits} crédits ; ceci coûte {total}</translation>
    </message>
</context>
<context>
    <name>RollLog</name>
    <message>
        <source>{name} (removed)</source>
        <translation>{name} (retiré)</translation>
    </message>
</context>
<context>
    <name>RollLogView</name>
    <message>
        <source>applied</source>
        <translation>appliqué</translation>
    </message>
    <message>
        <source>preview</source>
        <translation>aperçu</translation>
    </message>
    <message>
        <source>abandoned</source>
        <translation>abandonné</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>annulé</translation>
    </message>
    <message>
        <source>note</source>
        <translation>note</translation>
    </message>
    <message>
        <source>Battle:</source>
        <translation>Bataille :</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattant :</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Table :</translation>
    </message>
    <message>
        <source>All marks</source>
        <translation>Toutes les marques</translation>
    </message>
    <message>
        <source>Mark:</source>
        <translation>Marque :</translation>
    </message>
    <message>
        <source>Verify Chain</source>
        <translation>Vérifier la chaîne</translation>
    </message>
    <message>
        <source>Check every roll&apos;s hash, oldest first (log verify)</source>
        <translation>Vérifier l&apos;empreinte de chaque jet, du plus ancien au plus récent (log verify)</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quand</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Qui</translation>
    </message>
    <message>
        <source>For</source>
        <translation>Pour</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>Dés</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>Faces</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>chain of over {n} rolls, not checked</source>
        <translation>chaîne de plus de {n} jets, non vérifiée</translation>
    </message>
    <message>
        <source>checking the chain…</source>
        <translation>vérification de la chaîne…</translation>
    </message>
    <message>
        <source>{done} of {total} rolls checked</source>
        <translation>{done} jets sur {total} vérifiés</translation>
    </message>
    <message>
        <source>chain not checked</source>
        <translation>chaîne non vérifiée</translation>
    </message>
    <message>
        <source>chain intact: 1 roll</source>
        <translation>chaîne intacte : 1 jet</translation>
    </message>
    <message>
        <source>chain intact: {n} rolls</source>
        <translation>chaîne intacte : {n} jets</translation>
    </message>
    <message>
        <source>chain broken at roll %1</source>
        <translation>chaîne rompue au jet %1</translation>
    </message>
    <message>
        <source>All battles</source>
        <translation>Toutes les batailles</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Tout le monde</translation>
    </message>
    <message>
        <source>All tables</source>
        <translation>Toutes les tables</translation>
    </message>
    <message>
        <source> of {chosen}</source>
        <translation> de {chosen}</translation>
    </message>
    <message>
        <source>the newest {count} rolls</source>
        <translation>les {count} jets les plus récents</translation>
    </message>
    <message>
        <source> (scroll down for older ones)</source>
        <translation> (faites défiler vers le bas pour les plus anciens)</translation>
    </message>
    <message>
        <source>1 roll{of}</source>
        <translation>1 jet{of}</translation>
    </message>
    <message>
        <source>{count} rolls{of}</source>
        <translation>{count} jets{of}</translation>
    </message>
</context>
<context>
    <name>RosterDialog</name>
    <message>
        <source>Edit Roster</source>
        <translation>Modifier la liste</translation>
    </message>
    <message>
        <source>New Roster</source>
        <translation>Nouvelle liste</translation>
    </message>
    <message>
        <source>e.g. 1st Squad, The Iron Jackals</source>
        <translation>ex. 1re escouade, Les Chacals de fer</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Sorte :</translation>
    </message>
    <message>
        <source>gang house, nation or army</source>
        <translation>maison de gang, nation ou armée</translation>
    </message>
    <message>
        <source>&amp;Faction:</source>
        <translation>&amp;Faction :</translation>
    </message>
    <message>
        <source>&amp;Player:</source>
        <translation>&amp;Joueur :</translation>
    </message>
    <message>
        <source> credits</source>
        <translation> crédits</translation>
    </message>
    <message>
        <source>&amp;Credits:</source>
        <translation>&amp;Crédits :</translation>
    </message>
    <message>
        <source>&amp;Reputation:</source>
        <translation>&amp;Réputation :</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;otes :</translation>
    </message>
    <message>
        <source>{house} starts with {credits} credits (our default).</source>
        <translation>{house} commence avec {credits} crédits (notre valeur par défaut).</translation>
    </message>
    <message>
        <source>{house} starts with {credits} credits.</source>
        <translation>{house} commence avec {credits} crédits.</translation>
    </message>
</context>
<context>
    <name>RosterFilterBar</name>
    <message>
        <source>Find…</source>
        <translation>Chercher…</translation>
    </message>
    <message>
        <source>Show only the figures whose row holds every word typed: name, type, status, weapons, skills (Ctrl+F)</source>
        <translation>Ne montrer que les figurines dont la ligne contient chaque mot tapé : nom, type, état, armes, compétences (Ctrl+F)</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Tout état</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Colonnes</translation>
    </message>
    <message>
        <source>Choose the columns of the table (kept for each game)</source>
        <translation>Choisir les colonnes du tableau (gardées pour chaque jeu)</translation>
    </message>
    <message>
        <source>Show Every Column</source>
        <translation>Montrer toutes les colonnes</translation>
    </message>
</context>
<context>
    <name>RosterPage</name>
    <message>
        <source>Rating</source>
        <translation>Cote</translation>
    </message>
    <message>
        <source>Wealth</source>
        <translation>Richesse</translation>
    </message>
    <message>
        <source>{wealth} (credits {credits}, stash {stash})</source>
        <translation>{wealth} (crédits {credits}, réserve {stash})</translation>
    </message>
</context>
<context>
    <name>RuleRowsModel</name>
    <message>
        <source>{where}: write yes or no</source>
        <translation>{where} : écrivez oui ou non</translation>
    </message>
    <message>
        <source>{where}: {text!r} is not a whole number</source>
        <translation>{where} : {text!r} n&apos;est pas un nombre entier</translation>
    </message>
    <message>
        <source>row {i}, {field}</source>
        <translation>ligne {i}, {field}</translation>
    </message>
    <message>
        <source>ops: status value=…; stat stat=WS delta=1; rep delta=-1; set-rep value=4; xp value=1 (or dice=d3); skill value=…; condition value=…; roll-again table=… times=1; new-figures count=1; remove; figures value=lost; training delta=1; note value=free text</source>
        <translation>opérations : status value=… ; stat stat=WS delta=1 ; rep delta=-1 ; set-rep value=4 ; xp value=1 (ou dice=d3) ; skill value=… ; condition value=… ; roll-again table=… times=1 ; new-figures count=1 ; remove ; figures value=lost ; training delta=1 ; note value=texte libre</translation>
    </message>
    <message>
        <source>row {i}: {e}</source>
        <translation>ligne {i} : {e}</translation>
    </message>
</context>
<context>
    <name>StandingsView</name>
    <message>
        <source>Roster</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Batailles</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Victoires</translation>
    </message>
    <message>
        <source>Draws</source>
        <translation>Nuls</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Défaites</translation>
    </message>
    <message>
        <source>Casualties caused</source>
        <translation>Pertes infligées</translation>
    </message>
    <message>
        <source>Casualties suffered</source>
        <translation>Pertes subies</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Cote</translation>
    </message>
    <message>
        <source>Counting the standings…</source>
        <translation>Calcul du classement…</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Classement</translation>
    </message>
    <message>
        <source>No rosters in this campaign yet.</source>
        <translation>Pas encore de liste dans cette campagne.</translation>
    </message>
</context>
<context>
    <name>TableInvite</name>
    <message>
        <source>no free port from {a} to {b} for the table&apos;s server</source>
        <translation>aucun port libre de {a} à {b} pour le serveur de la table</translation>
    </message>
    <message>
        <source>the table&apos;s server did not start: {why}</source>
        <translation>le serveur de la table n&apos;a pas démarré : {why}</translation>
    </message>
    <message>
        <source>it stopped</source>
        <translation>il s&apos;est arrêté</translation>
    </message>
    <message>
        <source>the table&apos;s server stopped: {why}</source>
        <translation>le serveur de la table s&apos;est arrêté : {why}</translation>
    </message>
    <message>
        <source>Invite to the Table</source>
        <translation>Inviter à la table</translation>
    </message>
    <message>
        <source>Battle {n}: a phone or tablet scans this code to follow the battle and mark one roster&apos;s figures.</source>
        <translation>Bataille {n} : un téléphone ou une tablette scanne ce code pour suivre la bataille et marquer les figurines d&apos;une bande.</translation>
    </message>
    <message>
        <source>Player&apos;s &amp;roster:</source>
        <translation>&amp;Bande du joueur :</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>&amp;Lasts at most:</source>
        <translation>&amp;Dure au plus :</translation>
    </message>
    <message>
        <source>&amp;Make the code</source>
        <translation>&amp;Créer le code</translation>
    </message>
    <message>
        <source>QR code to join the table</source>
        <translation>Code QR pour rejoindre la table</translation>
    </message>
    <message>
        <source>Link to join the table</source>
        <translation>Lien pour rejoindre la table</translation>
    </message>
    <message>
        <source>{roster} joins until {when}, or until the battle is finished. Anyone with this code marks {roster}&apos;s figures.</source>
        <translation>{roster} peut rejoindre jusqu&apos;à {when}, ou jusqu&apos;à la fin de la bataille. Qui a ce code marque les figurines de {roster}.</translation>
    </message>
    <message>
        <source>Starting the table&apos;s server on port {p}…</source>
        <translation>Démarrage du serveur de la table sur le port {p}…</translation>
    </message>
    <message>
        <source>The table&apos;s server is running on port {p} (this window stops it when it closes); the phone must be on this network.</source>
        <translation>Le serveur de la table tourne sur le port {p} (cette fenêtre l&apos;arrête en se fermant) ; le téléphone doit être sur ce réseau.</translation>
    </message>
    <message>
        <source>the table&apos;s server does not answer on port {p}</source>
        <translation>le serveur de la table ne répond pas sur le port {p}</translation>
    </message>
</context>
<context>
    <name>Task</name>
    <message>
        <source>{title}: stopping…</source>
        <translation>{title} : arrêt en cours…</translation>
    </message>
</context>
<context>
    <name>TerritoriesDialog</name>
    <message>
        <source>&amp;Give Up Selected</source>
        <translation>&amp;Céder la sélection</translation>
    </message>
    <message>
        <source>e.g. Old Ruins</source>
        <translation>p. ex. Vieilles ruines</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source> credits</source>
        <translation> crédits</translation>
    </message>
    <message>
        <source>&amp;Each battle:</source>
        <translation>&amp;Chaque bataille :</translation>
    </message>
    <message>
        <source>e.g. D6x10 (empty: none)</source>
        <translation>p. ex. D6x10 (vide : aucun)</translation>
    </message>
    <message>
        <source>Income &amp;roll:</source>
        <translation>&amp;Jet de revenu :</translation>
    </message>
    <message>
        <source>Special r&amp;ule:</source>
        <translation>Règle &amp;spéciale :</translation>
    </message>
    <message>
        <source>&amp;Add Territory</source>
        <translation>&amp;Ajouter le territoire</translation>
    </message>
    <message>
        <source>Territories of {roster}</source>
        <translation>Territoires de {roster}</translation>
    </message>
    <message>
        <source>Territory</source>
        <translation>Territoire</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Crédits</translation>
    </message>
    <message>
        <source>Income roll</source>
        <translation>Jet de revenu</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>pick a territory first</source>
        <translation>choisissez d&apos;abord un territoire</translation>
    </message>
</context>
<context>
    <name>TradeDialog</name>
    <message>
        <source>Sell Equipment of {name}</source>
        <translation>Vendre l&apos;équipement de {name}</translation>
    </message>
    <message>
        <source>Buy Equipment for {name}</source>
        <translation>Acheter de l&apos;équipement pour {name}</translation>
    </message>
    <message>
        <source>&amp;Item:</source>
        <translation>&amp;Objet :</translation>
    </message>
    <message>
        <source>there is no item to choose</source>
        <translation>il n&apos;y a aucun objet à choisir</translation>
    </message>
</context>
<context>
    <name>TreatInjuryDialog</name>
    <message>
        <source>Critical Injury — {name}</source>
        <translation>Blessure critique — {name}</translation>
    </message>
    <message>
        <source>A Critical Injury waits for a decision: the gang pays for treatment (the cost is rolled, then the treatment itself), or the fighter dies. Undecided ones die at the end of the cycle.</source>
        <translation>Une Blessure critique attend une décision : le gang paie les soins (le coût est tiré, puis les soins eux-mêmes), ou le combattant meurt. Celles sans décision meurent à la fin du cycle.</translation>
    </message>
    <message>
        <source>Fighter:</source>
        <translation>Combattant :</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt; ({gang})</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; ({gang})</translation>
    </message>
    <message>
        <source>Gang&apos;s credits:</source>
        <translation>Crédits du gang :</translation>
    </message>
    <message>
        <source>&amp;Pay for treatment</source>
        <translation>&amp;Payer les soins</translation>
    </message>
    <message>
        <source>&amp;Let the fighter die (no dice)</source>
        <translation>&amp;Laisser mourir le combattant (sans dés)</translation>
    </message>
    <message>
        <source>Decision:</source>
        <translation>Décision :</translation>
    </message>
</context>
<context>
    <name>UnitDialog</name>
    <message>
        <source>Edit {name}</source>
        <translation>Modifier {name}</translation>
    </message>
    <message>
        <source>Add Unit</source>
        <translation>Ajouter une unité</translation>
    </message>
    <message>
        <source>e.g. 1st Section</source>
        <translation>ex. 1re section</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Type :</translation>
    </message>
    <message>
        <source>&amp;Figures now:</source>
        <translation>&amp;Figurines actuelles :</translation>
    </message>
    <message>
        <source>Figures at &amp;start:</source>
        <translation>Figurines au &amp;départ :</translation>
    </message>
    <message>
        <source>T&amp;raining:</source>
        <translation>E&amp;ntraînement :</translation>
    </message>
    <message>
        <source>&amp;Armour:</source>
        <translation>&amp;Blindage :</translation>
    </message>
    <message>
        <source>&amp;Discipline:</source>
        <translation>&amp;Discipline :</translation>
    </message>
    <message>
        <source>&amp;Order:</source>
        <translation>&amp;Ordre :</translation>
    </message>
    <message>
        <source>&amp;Wounded:</source>
        <translation>&amp;Blessés :</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>É&amp;tat :</translation>
    </message>
    <message>
        <source>&amp;Battles fought:</source>
        <translation>&amp;Batailles livrées :</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source> (save {save})</source>
        <translation> (sauvegarde {save})</translation>
    </message>
    <message>
        <source>(none in this game)</source>
        <translation>(aucune dans ce jeu)</translation>
    </message>
    <message>
        <source>press Add to add the weapon {name!r} (or clear the field)</source>
        <translation>appuyez sur Ajouter pour ajouter l&apos;arme {name!r} (ou videz le champ)</translation>
    </message>
</context>
<context>
    <name>UseCaseDialog</name>
    <message>
        <source>Save &amp;&amp; Add &amp;Another</source>
        <translation>Enregistrer &amp;&amp; &amp;ajouter un autre</translation>
    </message>
</context>
<context>
    <name>WalkerDialog</name>
    <message>
        <source>Add Walker</source>
        <translation>Ajouter un marcheur</translation>
    </message>
    <message>
        <source>Roster:</source>
        <translation>Liste :</translation>
    </message>
    <message>
        <source>e.g. Iron Bear</source>
        <translation>ex. Ours de fer</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Type:</source>
        <translation>&amp;Type :</translation>
    </message>
    <message>
        <source>empty: the type&apos;s note</source>
        <translation>vide : la note du type</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>N&amp;otes :</translation>
    </message>
    <message>
        <source>Crew (each a fighter of the roster)</source>
        <translation>Équipage (chacun un combattant de la liste)</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>Rep</source>
        <translation>Rep</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Reputation 1-6</source>
        <translation>Réputation 1-6</translation>
    </message>
    <message>
        <source>&amp;Add walker</source>
        <translation>&amp;Ajouter le marcheur</translation>
    </message>
    <message>
        <source>guns {value} / {value2}</source>
        <translation>canons {value} / {value2}</translation>
    </message>
    <message>
        <source>AA MG {_yn}, hull MG {_yn2}</source>
        <translation>MG AA {_yn}, MG de caisse {_yn2}</translation>
    </message>
    <message>
        <source>speed {speed_road}/{value}</source>
        <translation>vitesse {speed_road}/{value}</translation>
    </message>
    <message>
        <source>crew: {roles}</source>
        <translation>équipage : {roles}</translation>
    </message>
    <message>
        <source>give the Rep of the {roles}</source>
        <translation>donnez la Rep de : {roles}</translation>
    </message>
    <message>
        <source>walker name</source>
        <translation>nom du marcheur</translation>
    </message>
    <message>
        <source>this campaign&apos;s game (with its expansions) has no walker types</source>
        <translation>le jeu de cette campagne (avec ses extensions) n&apos;a pas de types de marcheurs</translation>
    </message>
</context>
<context>
    <name>WalkerTypesDialog</name>
    <message>
        <source>Walker Types — {name}</source>
        <translation>Types de marcheurs — {name}</translation>
    </message>
    <message>
        <source>Add a walker type to this campaign</source>
        <translation>Ajouter un type de marcheur à cette campagne</translation>
    </message>
    <message>
        <source>e.g. Panzerläufer II</source>
        <translation>ex. Panzerläufer II</translation>
    </message>
    <message>
        <source>e.g. Germany</source>
        <translation>ex. Allemagne</translation>
    </message>
    <message>
        <source>AP 1-20, Grenade, or empty</source>
        <translation>AP 1-20, Grenade, ou vide</translation>
    </message>
    <message>
        <source>AA MG</source>
        <translation>MG AA</translation>
    </message>
    <message>
        <source>Hull MG</source>
        <translation>MG de caisse</translation>
    </message>
    <message>
        <source>empty: unknown</source>
        <translation>vide : inconnu</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>Nation:</source>
        <translation>Nation :</translation>
    </message>
    <message>
        <source>Armour &amp;front:</source>
        <translation>Blindage &amp;avant :</translation>
    </message>
    <message>
        <source>Armour &amp;side:</source>
        <translation>Blindage &amp;latéral :</translation>
    </message>
    <message>
        <source>Gun &amp;1:</source>
        <translation>Canon &amp;1 :</translation>
    </message>
    <message>
        <source>Gun &amp;2:</source>
        <translation>Canon &amp;2 :</translation>
    </message>
    <message>
        <source>Speed, &amp;road:</source>
        <translation>Vitesse, &amp;route :</translation>
    </message>
    <message>
        <source>cross-&amp;country:</source>
        <translation>tout-&amp;terrain :</translation>
    </message>
    <message>
        <source>&amp;Crew:</source>
        <translation>É&amp;quipage :</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Notes :</translation>
    </message>
    <message>
        <source>Top armour is worked out from the side armour.</source>
        <translation>Le blindage du dessus se déduit du blindage latéral.</translation>
    </message>
    <message>
        <source>&amp;Add type</source>
        <translation>&amp;Ajouter le type</translation>
    </message>
    <message>
        <source>Added {name} (Ctrl+Z in the main window undoes it)</source>
        <translation>{name} ajouté (Ctrl+Z dans la fenêtre principale l&apos;annule)</translation>
    </message>
</context>
<context>
    <name>actions</name>
    <message>
        <source>&amp;Database Settings…</source>
        <translation>Réglages de la &amp;base de données…</translation>
    </message>
    <message>
        <source>Choose the campaign database (file or server)</source>
        <translation>Choisir la base de données de campagne (fichier ou serveur)</translation>
    </message>
    <message>
        <source>Open &amp;League…</source>
        <translation>Ouvrir une &amp;ligue…</translation>
    </message>
    <message>
        <source>Sign in to a league server and open its campaigns</source>
        <translation>Se connecter à un serveur de ligue et ouvrir ses campagnes</translation>
    </message>
    <message>
        <source>Create &amp;Demo Campaigns</source>
        <translation>Créer les campagnes de &amp;démonstration</translation>
    </message>
    <message>
        <source>Add one sample campaign per game system</source>
        <translation>Ajouter une campagne d&apos;exemple par système de jeu</translation>
    </message>
    <message>
        <source>Import &amp;Campaign (JSON)…</source>
        <translation>Importer une &amp;campagne (JSON)…</translation>
    </message>
    <message>
        <source>Import a campaign exported from this app</source>
        <translation>Importer une campagne exportée par cette application</translation>
    </message>
    <message>
        <source>Export Campaign as &amp;JSON…</source>
        <translation>Exporter la campagne en &amp;JSON…</translation>
    </message>
    <message>
        <source>Save the whole campaign as a JSON file</source>
        <translation>Enregistrer toute la campagne dans un fichier JSON</translation>
    </message>
    <message>
        <source>&amp;Roster PDF…</source>
        <translation>&amp;Liste en PDF…</translation>
    </message>
    <message>
        <source>Print the selected roster</source>
        <translation>Imprimer la liste choisie</translation>
    </message>
    <message>
        <source>Fighter &amp;Cards PDF…</source>
        <translation>&amp;Cartes de combattants en PDF…</translation>
    </message>
    <message>
        <source>Print a card for each fighter or unit of the roster</source>
        <translation>Imprimer une carte pour chaque combattant ou unité de la liste</translation>
    </message>
    <message>
        <source>&amp;Quick Reference PDF…</source>
        <translation>Aide-mémoire en &amp;PDF…</translation>
    </message>
    <message>
        <source>Print the quick-reference cards of the campaign&apos;s game</source>
        <translation>Imprimer les cartes d&apos;aide-mémoire du jeu de la campagne</translation>
    </message>
    <message>
        <source>&amp;All Rosters of the Campaign PDF…</source>
        <translation>&amp;Toutes les listes de la campagne en PDF…</translation>
    </message>
    <message>
        <source>Print every roster of the campaign in one PDF</source>
        <translation>Imprimer toutes les listes de la campagne dans un seul PDF</translation>
    </message>
    <message>
        <source>Campaign &amp;Report PDF…</source>
        <translation>&amp;Rapport de campagne en PDF…</translation>
    </message>
    <message>
        <source>Print the campaign&apos;s battles, standings, roster histories and charts</source>
        <translation>Imprimer les batailles, classements, historiques des listes et graphiques de la campagne</translation>
    </message>
    <message>
        <source>&amp;Back Up Database…</source>
        <translation>&amp;Sauvegarder la base de données…</translation>
    </message>
    <message>
        <source>Save a copy of the whole database (SQLite copy; JSON on a server)</source>
        <translation>Enregistrer une copie de toute la base (copie SQLite ; JSON sur un serveur)</translation>
    </message>
    <message>
        <source>Re&amp;store from Backup…</source>
        <translation>&amp;Restaurer une sauvegarde…</translation>
    </message>
    <message>
        <source>Replace the whole database with a backup (checked first; the current one is saved)</source>
        <translation>Remplacer toute la base par une sauvegarde (vérifiée d&apos;abord ; l&apos;actuelle est sauvegardée)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>Close the app</source>
        <translation>Fermer l&apos;application</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>Undo the campaign&apos;s last action</source>
        <translation>Annuler la dernière action de la campagne</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>Redo the last undone action</source>
        <translation>Rétablir la dernière action annulée</translation>
    </message>
    <message>
        <source>&amp;Edit Selected…</source>
        <translation>&amp;Modifier la sélection…</translation>
    </message>
    <message>
        <source>Edit the selected fighter or unit</source>
        <translation>Modifier le combattant ou l&apos;unité choisi</translation>
    </message>
    <message>
        <source>Re&amp;move Selected</source>
        <translation>Re&amp;tirer la sélection</translation>
    </message>
    <message>
        <source>Remove the selected fighter or unit (undoable)</source>
        <translation>Retirer le combattant ou l&apos;unité choisi (annulable)</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>Re&amp;charger</translation>
    </message>
    <message>
        <source>Read the database again</source>
        <translation>Relire la base de données</translation>
    </message>
    <message>
        <source>&amp;New Campaign…</source>
        <translation>&amp;Nouvelle campagne…</translation>
    </message>
    <message>
        <source>Start a campaign: game system, edition, expansions</source>
        <translation>Commencer une campagne : système de jeu, édition, extensions</translation>
    </message>
    <message>
        <source>New &amp;Roster…</source>
        <translation>Nouvelle &amp;liste…</translation>
    </message>
    <message>
        <source>Add a gang, squad or force to the campaign</source>
        <translation>Ajouter un gang, une escouade ou une force à la campagne</translation>
    </message>
    <message>
        <source>Edit R&amp;oster…</source>
        <translation>Modifier la li&amp;ste…</translation>
    </message>
    <message>
        <source>Edit the selected roster&apos;s name, faction, player, credits</source>
        <translation>Modifier le nom, la faction, le joueur, les crédits de la liste choisie</translation>
    </message>
    <message>
        <source>&amp;House Rules…</source>
        <translation>Règles &amp;maison…</translation>
    </message>
    <message>
        <source>Edit a rules table for this campaign only</source>
        <translation>Modifier une table de règles pour cette campagne seulement</translation>
    </message>
    <message>
        <source>Add &amp;Fighter…</source>
        <translation>Ajouter un &amp;combattant…</translation>
    </message>
    <message>
        <source>Add a fighter to the selected roster</source>
        <translation>Ajouter un combattant à la liste choisie</translation>
    </message>
    <message>
        <source>Add &amp;Unit…</source>
        <translation>Ajouter une &amp;unité…</translation>
    </message>
    <message>
        <source>Add a unit to the selected roster (squad games)</source>
        <translation>Ajouter une unité à la liste choisie (jeux d&apos;escouades)</translation>
    </message>
    <message>
        <source>&amp;Find in Roster…</source>
        <translation>&amp;Chercher dans la liste…</translation>
    </message>
    <message>
        <source>Show only the figures whose name, type, weapons or skills hold the words typed</source>
        <translation>Ne montrer que les figurines dont le nom, le type, les armes ou les compétences contiennent les mots tapés</translation>
    </message>
    <message>
        <source>&amp;Duplicate Fighter</source>
        <translation>&amp;Dupliquer le combattant</translation>
    </message>
    <message>
        <source>Add a copy of the selected fighter: type, characteristics, weapons and skills</source>
        <translation>Ajouter une copie du combattant choisi : type, caractéristiques, armes et compétences</translation>
    </message>
    <message>
        <source>Adva&amp;nce…</source>
        <translation>&amp;Progression…</translation>
    </message>
    <message>
        <source>What the selected fighter may take with its XP (or ranks), and taking it</source>
        <translation>Ce que le combattant choisi peut prendre avec son XP (ou ses grades), et le prendre</translation>
    </message>
    <message>
        <source>E&amp;xchange Prisoner</source>
        <translation>É&amp;changer le prisonnier</translation>
    </message>
    <message>
        <source>Squad games: the selected prisoner unit comes back</source>
        <translation>Jeux d&apos;escouades : l&apos;unité prisonnière choisie revient</translation>
    </message>
    <message>
        <source>&amp;Record Battle…</source>
        <translation>&amp;Enregistrer une bataille…</translation>
    </message>
    <message>
        <source>Record who fought and how each figure ended</source>
        <translation>Noter qui a combattu et comment chaque figurine a fini</translation>
    </message>
    <message>
        <source>&amp;After the Battle…</source>
        <translation>&amp;Après la bataille…</translation>
    </message>
    <message>
        <source>Walk through the After the Battle rolls of a battle</source>
        <translation>Parcourir les jets d&apos;Après la bataille d&apos;une bataille</translation>
    </message>
    <message>
        <source>&amp;Set Up Battle…</source>
        <translation>&amp;Préparer une bataille…</translation>
    </message>
    <message>
        <source>Before the game: scenario, who attacks and the crew, every roll on record</source>
        <translation>Avant la partie : scénario, qui attaque et l&apos;équipage, chaque jet noté</translation>
    </message>
    <message>
        <source>Battle at the &amp;Table…</source>
        <translation>Bataille sur la &amp;table…</translation>
    </message>
    <message>
        <source>During the game: mark each figure&apos;s status, hits and casualties; roll the tables</source>
        <translation>Pendant la partie : marquer l&apos;état, les touches et les pertes de chaque figurine ; lancer sur les tables</translation>
    </message>
    <message>
        <source>&amp;Invite to the Table…</source>
        <translation>&amp;Inviter à la table…</translation>
    </message>
    <message>
        <source>A QR code a phone or tablet scans to follow the battle and mark one roster&apos;s figures</source>
        <translation>Un code QR qu&apos;un téléphone ou une tablette scanne pour suivre la bataille et marquer les figurines d&apos;une bande</translation>
    </message>
    <message>
        <source>&amp;Roster</source>
        <translation>&amp;Liste</translation>
    </message>
    <message>
        <source>&amp;Battles</source>
        <translation>&amp;Batailles</translation>
    </message>
    <message>
        <source>Roll &amp;Log</source>
        <translation>&amp;Journal des jets</translation>
    </message>
    <message>
        <source>Every roll of the campaign, with filters</source>
        <translation>Tous les jets de la campagne, avec des filtres</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Historique</translation>
    </message>
    <message>
        <source>The campaign&apos;s actions (what Undo undoes)</source>
        <translation>Les actions de la campagne (ce qu&apos;Annuler annule)</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>&amp;Graphiques</translation>
    </message>
    <message>
        <source>Casualties, wins, Rep, XP or rating per battle, and the rolls per table</source>
        <translation>Pertes, victoires, Rep, XP ou cote par bataille, et les jets par table</translation>
    </message>
    <message>
        <source>&amp;Standings</source>
        <translation>&amp;Classement</translation>
    </message>
    <message>
        <source>The rosters ranked by wins, with their battles, casualties and rating</source>
        <translation>Les listes classées par victoires, avec leurs batailles, pertes et cote</translation>
    </message>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Premiers pas</translation>
    </message>
    <message>
        <source>How to keep a campaign here, step by step</source>
        <translation>Comment tenir une campagne ici, pas à pas</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>&amp;About Campaign Manager</source>
        <translation>À &amp;propos de Campaign Manager</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>US Letter</translation>
    </message>
    <message>
        <source>The window is in {language}</source>
        <translation>La fenêtre est en {language}</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>The window will be in {language} from the next start of the app.</source>
        <translation>La fenêtre sera en {language} au prochain démarrage de l&apos;application.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un fichier &amp;récent</translation>
    </message>
    <message>
        <source>&amp;Print / Export PDF</source>
        <translation>&amp;Imprimer / Exporter en PDF</translation>
    </message>
    <message>
        <source>Page &amp;Size</source>
        <translation>&amp;Format de page</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Campaign</source>
        <translation>&amp;Campagne</translation>
    </message>
    <message>
        <source>&amp;Battle</source>
        <translation>&amp;Bataille</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Thème</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>Main toolbar</source>
        <translation>Barre d&apos;outils principale</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Fighter</source>
        <translation>Combattant</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Battle</source>
        <translation>Bataille</translation>
    </message>
    <message>
        <source>After Battle</source>
        <translation>Après bataille</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <source>Roll Log</source>
        <translation>Journal des jets</translation>
    </message>
    <message>
        <source>Print</source>
        <translation>Imprimer</translation>
    </message>
    <message>
        <source>Import {label}…</source>
        <translation>Importer : {label}…</translation>
    </message>
    <message>
        <source>Import a {label} file ({name})</source>
        <translation>Importer un fichier {label} ({name})</translation>
    </message>
    <message>
        <source>&amp;Undo {u}</source>
        <translation>&amp;Annuler {u}</translation>
    </message>
    <message>
        <source>&amp;Redo {r}</source>
        <translation>&amp;Rétablir {r}</translation>
    </message>
    <message>
        <source>Undo: {u} (Ctrl+Z)</source>
        <translation>Annuler : {u} (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Rien à annuler</translation>
    </message>
    <message>
        <source>Redo: {r} (Ctrl+Shift+Z)</source>
        <translation>Rétablir : {r} (Ctrl+Maj+Z)</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>Rien à rétablir</translation>
    </message>
</context>
<context>
    <name>battle</name>
    <message>
        <source>Fought</source>
        <translation>A combattu</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Figurine</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Actuel</translation>
    </message>
    <message>
        <source>End state</source>
        <translation>État final</translation>
    </message>
    <message>
        <source>Scored a hit</source>
        <translation>A touché</translation>
    </message>
    <message>
        <source>Taken out by</source>
        <translation>Éliminé par</translation>
    </message>
    <message>
        <source>Casualties</source>
        <translation>Pertes</translation>
    </message>
</context>
<context>
    <name>battle_page</name>
    <message>
        <source>Figure</source>
        <translation>Figurine</translation>
    </message>
    <message>
        <source>Roster</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Hit</source>
        <translation>Touche</translation>
    </message>
    <message>
        <source>Taken out by</source>
        <translation>Éliminé par</translation>
    </message>
    <message>
        <source>Casualties</source>
        <translation>Pertes</translation>
    </message>
</context>
<context>
    <name>battles</name>
    <message>
        <source>Battle recorded (Ctrl+Z to undo)</source>
        <translation>Bataille enregistrée (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>No battle is waiting for After the Battle</source>
        <translation>Aucune bataille n&apos;attend l&apos;Après la bataille</translation>
    </message>
    <message>
        <source>After the Battle</source>
        <translation>Après la bataille</translation>
    </message>
    <message>
        <source>After the Battle {battle} applied on the league server: {len} steps (only the arbitrator can undo it)</source>
        <translation>Après la bataille {battle} appliqué sur le serveur de la ligue : {len} étapes (seul l&apos;arbitre peut l&apos;annuler)</translation>
    </message>
    <message>
        <source>After the Battle {battle} applied: {len} steps (Ctrl+Z to undo)</source>
        <translation>Après la bataille {battle} appliqué : {len} étapes (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Set Up Battle</source>
        <translation>Préparer une bataille</translation>
    </message>
    <message>
        <source>Battle set up (Ctrl+Z to undo)</source>
        <translation>Bataille préparée (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>No battle is being set up or played: Set Up Battle first</source>
        <translation>Aucune bataille n&apos;est en préparation ou en cours : d&apos;abord Préparer une bataille</translation>
    </message>
    <message>
        <source>Invite to the Table</source>
        <translation>Inviter à la table</translation>
    </message>
    <message>
        <source>Battle at the table</source>
        <translation>Bataille sur la table</translation>
    </message>
</context>
<context>
    <name>charts</name>
    <message>
        <source>No battles or rolls on record yet: the charts fill in as battles are recorded and the rules tables are rolled.</source>
        <translation>Pas encore de bataille ni de jet : les graphiques se remplissent à mesure que les batailles sont enregistrées et que l&apos;on lance sur les tables de règles.</translation>
    </message>
    <message>
        <source>{campaign} is a league of {rosters} rosters and {battles} battles: charts are drawn for campaigns of up to {max_rosters} rosters and {max_battles} battles. The Standings tab ranks every roster.</source>
        <translation>{campaign} est une ligue de {rosters} listes et {battles} batailles : les graphiques sont tracés pour les campagnes d&apos;au plus {max_rosters} listes et {max_battles} batailles. L&apos;onglet Classement range toutes les listes.</translation>
    </message>
</context>
<context>
    <name>database</name>
    <message>
        <source>Loading the campaign database…</source>
        <translation>Chargement de la base de données de campagne…</translation>
    </message>
    <message>
        <source>The server wants a password</source>
        <translation>Le serveur demande un mot de passe</translation>
    </message>
    <message>
        <source>cannot open database {url}: {__name__}: {text}</source>
        <translation>impossible d&apos;ouvrir la base de données {url} : {__name__} : {text}</translation>
    </message>
    <message>
        <source>Cannot open the database</source>
        <translation>Impossible d&apos;ouvrir la base de données</translation>
    </message>
    <message>
        <source>Opening {url}…</source>
        <translation>Ouverture de {url}…</translation>
    </message>
    <message>
        <source>Opening database</source>
        <translation>Ouverture de la base de données</translation>
    </message>
    <message>
        <source>Database password</source>
        <translation>Mot de passe de la base</translation>
    </message>
    <message>
        <source>Password for {url}:</source>
        <translation>Mot de passe pour {url} :</translation>
    </message>
</context>
<context>
    <name>datafiles</name>
    <message>
        <source>The demo campaigns are already here</source>
        <translation>Les campagnes de démonstration sont déjà là</translation>
    </message>
    <message>
        <source>Demo campaigns: {names}</source>
        <translation>Campagnes de démonstration : {names}</translation>
    </message>
    <message>
        <source>Creating demo campaigns</source>
        <translation>Création des campagnes de démonstration</translation>
    </message>
    <message>
        <source>Demo campaigns</source>
        <translation>Campagnes de démonstration</translation>
    </message>
    <message>
        <source>Import a campaign</source>
        <translation>Importer une campagne</translation>
    </message>
    <message>
        <source>Campaign files (*.json);;All files (*)</source>
        <translation>Fichiers de campagne (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Checking {name}…</source>
        <translation>Vérification de {name}…</translation>
    </message>
    <message>
        <source>Importing campaign</source>
        <translation>Import de la campagne</translation>
    </message>
    <message>
        <source>Imported campaign {name}</source>
        <translation>Campagne {name} importée</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importer</translation>
    </message>
    <message>
        <source>No installed game system imports {key!r} files.</source>
        <translation>Aucun système de jeu installé n&apos;importe les fichiers {key!r}.</translation>
    </message>
    <message>
        <source>Import a {label}</source>
        <translation>Importer : {label}</translation>
    </message>
    <message>
        <source>A new campaign (named as in the file)</source>
        <translation>Une nouvelle campagne (nommée comme dans le fichier)</translation>
    </message>
    <message>
        <source>Add {name} to the campaign:</source>
        <translation>Ajouter {name} à la campagne :</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>Lecture de {name}…</translation>
    </message>
    <message>
        <source>the {label}</source>
        <translation>le {label}</translation>
    </message>
    <message>
        <source>Imported {name}</source>
        <translation>{name} importé</translation>
    </message>
    <message>
        <source>  … and {value} more (campaign-app import {key} prints all)</source>
        <translation>  … et {value} de plus (campaign-app import {key} les affiche tous)</translation>
    </message>
    <message>
        <source>Imported, with gaps</source>
        <translation>Importé, avec des lacunes</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Importé</translation>
    </message>
    <message>
        <source>Importing {label}</source>
        <translation>Import : {label}</translation>
    </message>
    <message>
        <source>Export the campaign</source>
        <translation>Exporter la campagne</translation>
    </message>
    <message>
        <source>Campaign files (*.json)</source>
        <translation>Fichiers de campagne (*.json)</translation>
    </message>
    <message>
        <source>Writing the campaign…</source>
        <translation>Écriture de la campagne…</translation>
    </message>
    <message>
        <source>Exporting campaign</source>
        <translation>Export de la campagne</translation>
    </message>
    <message>
        <source>Saved {out}</source>
        <translation>{out} enregistré</translation>
    </message>
    <message>
        <source>Back up the database</source>
        <translation>Sauvegarder la base de données</translation>
    </message>
    <message>
        <source>SQLite backups (*.sqlite);;All files (*)</source>
        <translation>Sauvegardes SQLite (*.sqlite);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>JSON backups (*.json);;All files (*)</source>
        <translation>Sauvegardes JSON (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>Écriture de {name}…</translation>
    </message>
    <message>
        <source>Back up</source>
        <translation>Sauvegarde</translation>
    </message>
    <message>
        <source>Backup written to {file} ({bytes:,} bytes)</source>
        <translation>Sauvegarde écrite dans {file} ({bytes:,} octets)</translation>
    </message>
    <message>
        <source>Backup cancelled: no file kept</source>
        <translation>Sauvegarde annulée : aucun fichier gardé</translation>
    </message>
    <message>
        <source>Restore from a backup</source>
        <translation>Restaurer une sauvegarde</translation>
    </message>
    <message>
        <source>Backups (*.sqlite *.json);;All files (*)</source>
        <translation>Sauvegardes (*.sqlite *.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source> and {value} more</source>
        <translation> et {value} de plus</translation>
    </message>
    <message>
        <source>{n} campaign: {shown}</source>
        <translation>{n} campagne : {shown}</translation>
    </message>
    <message>
        <source>{n} campaigns: {shown}</source>
        <translation>{n} campagnes : {shown}</translation>
    </message>
    <message>
        <source>no campaigns</source>
        <translation>aucune campagne</translation>
    </message>
    <message>
        <source>Replace everything in the database
{breakable}
({now})

with the backup
{breakable2}

The backup is checked first. The current database is saved to its backups folder before it is replaced; Undo cannot take a restore back.</source>
        <translation>Remplacer tout le contenu de la base de données
{breakable}
({now})

par la sauvegarde
{breakable2}

La sauvegarde est d&apos;abord vérifiée. La base actuelle est enregistrée dans son dossier de sauvegardes avant d&apos;être remplacée ; Annuler ne peut pas défaire une restauration.</translation>
    </message>
    <message>
        <source>Restore from backup</source>
        <translation>Restaurer une sauvegarde</translation>
    </message>
    <message>
        <source>&amp;Replace with backup</source>
        <translation>&amp;Remplacer par la sauvegarde</translation>
    </message>
    <message>
        <source>Checking {name}, then restoring…</source>
        <translation>Vérification de {name}, puis restauration…</translation>
    </message>
    <message>
        <source>Opening the restored database…</source>
        <translation>Ouverture de la base restaurée…</translation>
    </message>
    <message>
        <source>Restored {counted} from {restored_from}.</source>
        <translation>{counted} restauré(s) depuis {restored_from}.</translation>
    </message>
    <message>
        <source>

The previous database was saved to {prev}</source>
        <translation>

L&apos;ancienne base a été enregistrée dans {prev}</translation>
    </message>
    <message>
        <source>Restored, but not reopened</source>
        <translation>Restaurée, mais pas rouverte</translation>
    </message>
    <message>
        <source>{text}

Reopening it failed: {problem}</source>
        <translation>{text}

La réouverture a échoué : {problem}</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>Restaurée</translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation>Restauration impossible</translation>
    </message>
</context>
<context>
    <name>detail</name>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;No rolls yet.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Pas encore de jet.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> vs {target}</source>
        <translation> contre {target}</translation>
    </message>
    <message>
        <source> &lt;span class=&apos;typed&apos;&gt;typed&lt;/span&gt;</source>
        <translation> &lt;span class=&apos;typed&apos;&gt;tapé&lt;/span&gt;</translation>
    </message>
    <message>
        <source>pass {value}</source>
        <translation>réussite {value}</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;… and {count} earlier rolls (see the Roll log).&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;… et {count} jets plus anciens (voir le Journal des jets).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;Has not fought yet.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;N&apos;a pas encore combattu.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{casualties} casualties</source>
        <translation>{casualties} pertes</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>touche</translation>
    </message>
    <message>
        <source>in {roster}</source>
        <translation>dans {roster}</translation>
    </message>
    <message>
        <source>Rep</source>
        <translation>Rep</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Advance…</source>
        <translation>Progression…</translation>
    </message>
    <message>
        <source>Weapons</source>
        <translation>Armes</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profil</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;None.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Aucune.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Buy…</source>
        <translation>Acheter…</translation>
    </message>
    <message>
        <source>Sell…</source>
        <translation>Vendre…</translation>
    </message>
    <message>
        <source>Ledger and Stash…</source>
        <translation>Registre et réserve…</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Skills and abilities&lt;/h3&gt;&lt;ul&gt;</source>
        <translation>&lt;h3&gt;Compétences et capacités&lt;/h3&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>Conditions</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Lasting injuries&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Blessures durables&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Injury</source>
        <translation>Blessure</translation>
    </message>
    <message>
        <source>Roll</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Effects</source>
        <translation>Effets</translation>
    </message>
    <message>
        <source> &lt;span class=&apos;muted&apos;&gt;(skipped: {skipped})&lt;/span&gt;</source>
        <translation> &lt;span class=&apos;muted&apos;&gt;(ignorés : {skipped})&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Crew</source>
        <translation>Équipage</translation>
    </message>
    <message>
        <source>Rolls</source>
        <translation>Jets</translation>
    </message>
    <message>
        <source>&lt;div class=&apos;sub&apos;&gt;{title} unit in {roster}&lt;/div&gt;</source>
        <translation>&lt;div class=&apos;sub&apos;&gt;Unité {title} dans {roster}&lt;/div&gt;</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>Figurines</translation>
    </message>
    <message>
        <source>At start</source>
        <translation>Au départ</translation>
    </message>
    <message>
        <source>Wounded</source>
        <translation>Blessés</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Entraînement</translation>
    </message>
    <message>
        <source>Armour</source>
        <translation>Blindage</translation>
    </message>
    <message>
        <source>Discipline</source>
        <translation>Discipline</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Ordre</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Batailles</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Portée</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Sorte</translation>
    </message>
    <message>
        <source>Faction</source>
        <translation>Faction</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Crédits</translation>
    </message>
    <message>
        <source>Reputation</source>
        <translation>Réputation</translation>
    </message>
    <message>
        <source>Fighters</source>
        <translation>Combattants</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Unités</translation>
    </message>
    <message>
        <source>a unit</source>
        <translation>une unité</translation>
    </message>
    <message>
        <source>a fighter</source>
        <translation>un combattant</translation>
    </message>
    <message>
        <source>Credits…</source>
        <translation>Crédits…</translation>
    </message>
    <message>
        <source>Territories…</source>
        <translation>Territoires…</translation>
    </message>
    <message>
        <source>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;{system_name} roster&lt;/div&gt;&lt;table class=&apos;list&apos;&gt;{body}&lt;/table&gt;{notes}&lt;p class=&apos;muted&apos;&gt;Select {what} in the table to see it here.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;Liste de {system_name}&lt;/div&gt;&lt;table class=&apos;list&apos;&gt;{body}&lt;/table&gt;{notes}&lt;p class=&apos;muted&apos;&gt;Choisissez {what} dans le tableau pour l&apos;afficher ici.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;{about}&lt;/div&gt;</source>
        <translation>&lt;h2&gt;{name}&lt;/h2&gt;&lt;div class=&apos;sub&apos;&gt;{about}&lt;/div&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Campaign cycle {cycle}&lt;/p&gt;</source>
        <translation>&lt;p&gt;Cycle de campagne {cycle}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Rosters</source>
        <translation>Listes</translation>
    </message>
    <message>
        <source>&lt;b&gt;#{number}&lt;/b&gt; &lt;span class=&apos;muted&apos;&gt;{played_on}&lt;/span&gt; {rosters}</source>
        <translation>&lt;b&gt;#{number}&lt;/b&gt; &lt;span class=&apos;muted&apos;&gt;{played_on}&lt;/span&gt; {rosters}</translation>
    </message>
    <message>
        <source>{value} figures</source>
        <translation>{value} figurines</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;No rosters yet: Campaign ▸ New Roster.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Pas encore de liste : Campagne ▸ Nouvelle liste.&lt;/p&gt;</translation>
    </message>
    <message>
        <source> — won by {winner}</source>
        <translation> — gagnée par {winner}</translation>
    </message>
    <message>
        <source> — After the Battle done</source>
        <translation> — Après la bataille fait</translation>
    </message>
    <message>
        <source> — &lt;b&gt;After the Battle pending&lt;/b&gt;</source>
        <translation> — &lt;b&gt;Après la bataille en attente&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;p class=&apos;muted&apos;&gt;No battles yet.&lt;/p&gt;</source>
        <translation>&lt;p class=&apos;muted&apos;&gt;Pas encore de bataille.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>dice_widgets</name>
    <message>
        <source>typed in</source>
        <translation>tapé</translation>
    </message>
    <message>
        <source>rolled by the app</source>
        <translation>lancé par l&apos;application</translation>
    </message>
    <message>
        <source>, best {keep}</source>
        <translation>, meilleur {keep}</translation>
    </message>
    <message>
        <source>{base} vs {target}{best}</source>
        <translation>{base} contre {target}{best}</translation>
    </message>
    <message>
        <source>{value}, best die</source>
        <translation>{value}, meilleur dé</translation>
    </message>
    <message>
        <source>{spec} vs {target}</source>
        <translation>{spec} contre {target}</translation>
    </message>
    <message>
        <source> (typed)</source>
        <translation> (tapé)</translation>
    </message>
    <message>
        <source>pass {value}</source>
        <translation>réussite {value}</translation>
    </message>
</context>
<context>
    <name>editing</name>
    <message>
        <source>Campaign created</source>
        <translation>Campagne créée</translation>
    </message>
    <message>
        <source>Roster created</source>
        <translation>Liste créée</translation>
    </message>
    <message>
        <source>Roster saved</source>
        <translation>Liste enregistrée</translation>
    </message>
    <message>
        <source>Fighter added (Ctrl+Z to undo)</source>
        <translation>Combattant ajouté (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Unit added (Ctrl+Z to undo)</source>
        <translation>Unité ajoutée (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Cannot edit</source>
        <translation>Modification impossible</translation>
    </message>
    <message>
        <source>Saved (Ctrl+Z to undo)</source>
        <translation>Enregistré (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>{name} is no longer in this database (removed in another window or by another player). The list has been read again.</source>
        <translation>{name} n&apos;est plus dans cette base de données (retiré dans une autre fenêtre ou par un autre joueur). La liste a été relue.</translation>
    </message>
    <message>
        <source>Cannot remove</source>
        <translation>Retrait impossible</translation>
    </message>
    <message>
        <source>Removed {name} — Ctrl+Z brings it back</source>
        <translation>{name} retiré — Ctrl+Z le ramène</translation>
    </message>
    <message>
        <source>Cannot duplicate</source>
        <translation>Duplication impossible</translation>
    </message>
    <message>
        <source>Added {name}, a copy of {name2} (Ctrl+Z to undo)</source>
        <translation>{name} ajouté, copie de {name2} (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>{name} is back with the force</source>
        <translation>{name} est de retour dans la force</translation>
    </message>
    <message>
        <source>Changed by someone else</source>
        <translation>Modifié par quelqu&apos;un d&apos;autre</translation>
    </message>
    <message>
        <source>Cannot do that</source>
        <translation>Impossible de faire cela</translation>
    </message>
    <message>
        <source>{message} (Ctrl+Z to undo)</source>
        <translation>{message} (Ctrl+Z pour annuler)</translation>
    </message>
</context>
<context>
    <name>exports</name>
    <message>
        <source>Print preview</source>
        <translation>Aperçu avant impression</translation>
    </message>
    <message>
        <source>Save PDF</source>
        <translation>Enregistrer le PDF</translation>
    </message>
    <message>
        <source>{base} {value}.pdf</source>
        <translation>{base} {value}.pdf</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Fichiers PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>Exporter en PDF</translation>
    </message>
    <message>
        <source>Drawing {done} of {total}…</source>
        <translation>Dessin de {done} sur {total}…</translation>
    </message>
    <message>
        <source>Reading the campaign…</source>
        <translation>Lecture de la campagne…</translation>
    </message>
    <message>
        <source>Saved {counted} to {path}</source>
        <translation>{counted} enregistrée(s) dans {path}</translation>
    </message>
    <message>
        <source>Export cancelled: no file written</source>
        <translation>Export annulé : aucun fichier écrit</translation>
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
        <translation># Premiers pas

**Campaign Manager** tient les campagnes de vos jeux d&apos;escarmouche : listes de combattants
et d&apos;unités, batailles, jets d&apos;Après la bataille, et listes, cartes et aide-mémoire
imprimés.

1. **Un premier tour.** *Fichier ▸ Créer les campagnes de démonstration* crée une campagne
   complète pour chaque jeu que l&apos;application connaît. Choisissez-en une dans l&apos;arbre à gauche.
2. **Votre propre campagne.** *Campagne ▸ Nouvelle campagne* (Ctrl+N) : un nom et le jeu.
   Puis *Campagne ▸ Nouvelle liste* (Ctrl+Maj+N) pour le gang ou la force de chaque joueur.
3. **Combattants et unités.** *Liste ▸ Ajouter un combattant* (Inser) ou *Ajouter une unité*
   (Ctrl+Maj+U). Double-cliquez une ligne ou appuyez sur Entrée pour la modifier ; le panneau
   de droite en montre tout. *Édition ▸ Chercher dans la liste* (Ctrl+F) restreint le
   tableau ; son bouton *Colonnes* choisit ce qu&apos;il affiche.
4. **Jouer.** *Bataille ▸ Préparer une bataille* (Ctrl+Alt+B) tire le scénario, qui attaque
   et l&apos;équipage ; *Bataille sur la table* (F9) marque ensuite ce qui se passe au fil de la
   partie, une touche par état. Une partie jouée sans l&apos;application : *Bataille ▸ Enregistrer
   une bataille* (Ctrl+B), qui a combattu et comment chaque figurine a fini.
5. **Après la bataille.** *Bataille ▸ Après la bataille* (Ctrl+Maj+B) parcourt chaque jet que
   le jeu demande. Laissez l&apos;application lancer, ou tapez les dés obtenus sur la table.
   Rien n&apos;est enregistré avant d&apos;appuyer sur Appliquer.
6. **Imprimer.** *Fichier ▸ Imprimer / Exporter en PDF* : la liste (Ctrl+P), les cartes de
   combattants et l&apos;aide-mémoire.

Chaque jet est gardé dans le **Journal des jets** (Ctrl+L) avec les dés, la ligne de la
table et la règle qui l&apos;a demandé. Chaque changement est une étape de l&apos;**Historique**
(Ctrl+4) : *Édition ▸ Annuler* (Ctrl+Z) le défait, *Rétablir* (Ctrl+Maj+Z) le refait.
Les **Graphiques** (Ctrl+5) montrent pertes, victoires, Rep, XP ou cote bataille après
bataille, et les jets faits sur chaque table.

*Affichage ▸ Thème* choisit les couleurs claires, sombres ou celles de votre bureau ;
*Affichage ▸ Langue* la langue de la fenêtre.

**Vos données.** Les campagnes vivent dans un fichier de base de données de votre dossier de
données. *Fichier ▸ Sauvegarder la base de données* (Ctrl+Maj+S) en écrit une copie ;
*Exporter la campagne en JSON* écrit un fichier à importer sur un autre ordinateur. Pour
une ligue, *Fichier ▸ Réglages de la base de données* (Ctrl+O) se connecte à un serveur
PostgreSQL que tous les joueurs partagent.

**Depuis un terminal.** Tout ce que fait la fenêtre est aussi une commande :
`campaign-app --help` les liste.
</translation>
    </message>
    <message>
        <source>Edit Selected (in the roster table)</source>
        <translation>Modifier la sélection (dans le tableau de la liste)</translation>
    </message>
</context>
<context>
    <name>history</name>
    <message>
        <source>Cannot redo</source>
        <translation>Impossible de rétablir</translation>
    </message>
    <message>
        <source>Cannot undo</source>
        <translation>Impossible d&apos;annuler</translation>
    </message>
    <message>
        <source>Redone</source>
        <translation>Rétabli</translation>
    </message>
    <message>
        <source>Undone</source>
        <translation>Annulé</translation>
    </message>
</context>
<context>
    <name>house_rules</name>
    <message>
        <source>Roll</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Result key</source>
        <translation>Clé du résultat</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Libellé</translation>
    </message>
    <message>
        <source>Effect in words</source>
        <translation>Effet en mots</translation>
    </message>
    <message>
        <source>Effects (applied)</source>
        <translation>Effets (appliqués)</translation>
    </message>
</context>
<context>
    <name>icons</name>
    <message>
        <source>fit</source>
        <translation>en forme</translation>
    </message>
    <message>
        <source>injured or recovering</source>
        <translation>blessé ou en convalescence</translation>
    </message>
    <message>
        <source>captured or away</source>
        <translation>capturé ou absent</translation>
    </message>
    <message>
        <source>dead or lost</source>
        <translation>mort ou perdu</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <source>No database is open: choose one in File ▸ Database Settings (Ctrl+O).</source>
        <translation>Aucune base de données n&apos;est ouverte : choisissez-en une dans Fichier ▸ Réglages de la base de données (Ctrl+O).</translation>
    </message>
    <message>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <source>{n} fighter</source>
        <translation>{n} combattant</translation>
    </message>
    <message>
        <source>{n} fighters</source>
        <translation>{n} combattants</translation>
    </message>
    <message>
        <source>{n} unit</source>
        <translation>{n} unité</translation>
    </message>
    <message>
        <source>{n} units</source>
        <translation>{n} unités</translation>
    </message>
    <message>
        <source>{n} figure</source>
        <translation>{n} figurine</translation>
    </message>
    <message>
        <source>{n} figures</source>
        <translation>{n} figurines</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <source>Roster</source>
        <translation>Liste</translation>
    </message>
</context>
<context>
    <name>paged</name>
    <message>
        <source>{tip} (a table this long sorts by the other columns)</source>
        <translation>{tip} (une table aussi longue se trie par les autres colonnes)</translation>
    </message>
</context>
<context>
    <name>system_dialogs</name>
    <message>
        <source>{counted} added (Ctrl+Z to undo)</source>
        <translation>{counted} ajouté(s) (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Walker type added (Ctrl+Z to undo)</source>
        <translation>Type de marcheur ajouté (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Walker and crew added (Ctrl+Z to undo)</source>
        <translation>Marcheur et équipage ajoutés (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Cycle {cycle} ended (Ctrl+Z to undo)</source>
        <translation>Cycle {cycle} terminé (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Lasting injury for {fighter}: {injuries} (Ctrl+Z to undo)</source>
        <translation>Blessure durable pour {fighter} : {injuries} (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Cannot treat</source>
        <translation>Soins impossibles</translation>
    </message>
    <message>
        <source>Critical injury of {fighter}: {value} (Ctrl+Z to undo)</source>
        <translation>Blessure critique de {fighter} : {value} (Ctrl+Z pour annuler)</translation>
    </message>
    <message>
        <source>Release Captive</source>
        <translation>Libérer le captif</translation>
    </message>
    <message>
        <source>How does {name} come back to the gang?</source>
        <translation>Comment {name} revient-il au gang ?</translation>
    </message>
    <message>
        <source>Rescued</source>
        <translation>Secouru</translation>
    </message>
    <message>
        <source>Exchanged</source>
        <translation>Échangé</translation>
    </message>
    <message>
        <source>{name} is back with the gang ({value})</source>
        <translation>{name} est de retour dans le gang ({value})</translation>
    </message>
    <message>
        <source>Cannot recruit</source>
        <translation>Recrutement impossible</translation>
    </message>
    <message>
        <source>Fighter recruited (Ctrl+Z to undo)</source>
        <translation>Combattant recruté (Ctrl+Z pour annuler)</translation>
    </message>
</context>
<context>
    <name>theme</name>
    <message>
        <source>Follow the &amp;System</source>
        <translation>Suivre le &amp;système</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>S&amp;ombre</translation>
    </message>
</context>
<context>
    <name>views</name>
    <message>
        <source> vs {target}</source>
        <translation> contre {target}</translation>
    </message>
    <message>
        <source>undone</source>
        <translation>annulé</translation>
    </message>
</context>
<context>
    <name>walkers</name>
    <message>
        <source>, this campaign</source>
        <translation>, cette campagne</translation>
    </message>
    <message>
        <source>no nation</source>
        <translation>sans nation</translation>
    </message>
    <message>
        <source>{name} ({nation}{own}) — armour {front}/{side}/{top}, crew {crew}</source>
        <translation>{name} ({nation}{own}) — blindage {front}/{side}/{top}, équipage {crew}</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Nation</source>
        <translation>Nation</translation>
    </message>
    <message>
        <source>Armour F/S/T</source>
        <translation>Blindage A/L/D</translation>
    </message>
    <message>
        <source>Gun 1</source>
        <translation>Canon 1</translation>
    </message>
    <message>
        <source>Gun 2</source>
        <translation>Canon 2</translation>
    </message>
    <message>
        <source>AA MG</source>
        <translation>MG AA</translation>
    </message>
    <message>
        <source>Hull MG</source>
        <translation>MG de caisse</translation>
    </message>
    <message>
        <source>Speed road/cc</source>
        <translation>Vitesse route/tt</translation>
    </message>
    <message>
        <source>Crew</source>
        <translation>Équipage</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origine</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
</context>
<context>
    <name>widgets</name>
    <message>
        <source>Something went wrong: {__name__}: {err}</source>
        <translation>Quelque chose s&apos;est mal passé : {__name__} : {err}</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Réessayer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>{title}: sent again, done</source>
        <translation>{title} : renvoyé, c’est fait</translation>
    </message>
</context>
<context>
    <name>wizard</name>
    <message>
        <source>&lt;b&gt;pass {value}&lt;/b&gt;</source>
        <translation>&lt;b&gt;réussite {value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>D66 &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>D66 &lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Total &lt;b&gt;{value}&lt;/b&gt;</source>
        <translation>Total &lt;b&gt;{value}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>scored a hit</source>
        <translation>a touché</translation>
    </message>
    <message>
        <source>{n} casualties</source>
        <translation>{n} pertes</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Winner:&lt;/b&gt; {winner}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Vainqueur :&lt;/b&gt; {winner}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;No winner recorded.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aucun vainqueur noté.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{head}&lt;p&gt;&lt;b&gt;How each figure ended the battle:&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;{rows}&lt;/table&gt;</source>
        <translation>{head}&lt;p&gt;&lt;b&gt;Comment chaque figurine a fini la bataille :&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=&apos;0&apos; cellpadding=&apos;3&apos;&gt;{rows}&lt;/table&gt;</translation>
    </message>
</context>
<context>
    <name>worker</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
</TS>
