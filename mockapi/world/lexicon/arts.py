"""What a song, artist, band, film or film person's page talks about.

A song is heard, charted, covered, licensed and remixed (it does not give interviews); an artist or band
records, tours and talks; a film is shot, screened, reviewed and streamed. Nothing states an asked attribute
(chart positions, weeks on chart, album counts, Grammys, birth, country, debut, release dates, grosses,
ratings, budgets, runtimes, directors, cast, Oscars): those come only from `statements`.
"""

from __future__ import annotations

# What a song is made of carries no year: "a sample from a 2009 soul record" on a 1990 single (g20 reader),
# and a synonym swap ("sample" -> "loop", "built on" -> "carried by") hides the making from a word test.
SONG = (
    "[{s}|the track|the single|the song] [picked up|lost|regained|held] [airplay|momentum|its spot on "
    "playlists|club rotation|radio support] [in {region}|in {place}|after the video dropped|over the "
    "{season}|in {month}|once [TikTok users|streamers|a DJ in {place}] found it|after a [viral clip|TV"
    " spot]|]",
    # a take or video goes online, never "was released": a reader (and the audit's lives line) takes "X's
    # video was released on 26 Feb 2024" for a work's own release, which its other sentences ("X's video drew
    # 3.0K views on 02/10/2024", "an acoustic take on X drew 490 views in December") then came before (g32: 3)
    "[a remix of {s}|an acoustic take on {s}|a slowed edit of {s}|a live version of {s}|{s}'s "
    "video] [went online|drew {n} views|leaked|was pulled|went viral|racked up {n} streams] [in {month}|"
    "on {d}|within {m} days|last {season}|]",
    "[{s}|the track|the song] [was licensed for|played over|soundtracked|turned up in|was used in] [a [car"
    "|phone|bank|cereal] [commercial|advert]|a video game trailer|a [television|streaming|period] drama|a"
    " sports broadcast|a [wedding|dance|chase] scene in a [film|series]|a travel ad for {place}|the"
    " [closing|end|opening] credits of a [documentary|film|series]]",
    "[critics|listeners|reviewers|DJs in {place}|radio hosts|fans online] [singled out|praised|picked "
    "apart|warmed to|complained about|argued over] [the chorus|the bridge|the drum programming|the vocal "
    "take|the string arrangement|the lyrics|the key change|the outro] of {s}",
    "[{person}, who [produced|engineered|mixed|co-wrote] {s},|the producer of {s}|a session player on {s}] "
    "[said|recalled|admitted|explained|told a [podcast|magazine|radio host]] [that|] [the demo took {m}"
    " [days|sessions|weeks]|the [hook|chorus|bridge|title] came [last|first|late]|the [first|second|third|"
    "{ord}] take [was kept|made the record|stayed]|the song nearly [missed|fell off] the album|the [bass"
    " line|riff|melody|drum part] [came from|started on|was worked out on] [a vintage synth|an old "
    "[piano|drum machine|four-track]|a borrowed guitar]]",
    "[{s}|the track] [is built on|opens with|leans on|closes with|is carried by] [a looped piano figure|a "
    "muted guitar riff|a sample from an old soul record|a {bpm} bpm beat|a choir of {m} voices|a "
    "whistled hook|a long synth pad]",
    # the hit a mashup takes has no year: its own year is not the mashup's (the audit's lifespan scan)
    "[a cover of {s} by {o}|a parody of {s}|a mashup of {s} and [an older|a classic|a summer] hit|"
    "a choir arrangement of {s}] "
    "[went viral|drew {n} views|was performed on live television|charted in {place}|was taken down]",
)
SONG_SHORT = (
    "[{s}|The track] [runs just over|lasts about|clocks in near] {m} minutes",
    "[Streams|Downloads|Shazam searches] for {s} [rose|spiked|doubled|fell off] in {month}",
    "[{s}|The track|The single] [showed up on|was added to|landed on] [{m}|{m2}|{n}|over {n}] "
    "[playlists|radio playlists|editorial playlists|curated playlists]",
)
MUSICIAN = (
    "{s} [recorded|finished|shelved|started|mixed|cut|wrapped] [new material|[a|one] covers"
    " [record|album|set]|an EP|[a|one] [batch|handful|set] of [demos|new songs|rough mixes]|[a|one]"
    " live [album|record]|[{m}|a dozen|some] new [songs|tracks]] [in {place}|with {person}|over {m} weeks|"
    "in [a converted|an old|a disused] [barn|chapel|garage|church|school]|[at a|in a rented|at a friend's|"
    "in a borrowed] [studio|room|flat] [in|outside|near] {place}|]",
    "{s} [added|cancelled|postponed|sold out|rescheduled] [{m} shows|a residency in {place}|the {place} "
    "date|a festival slot|[an arena run|a [theatre|club|stadium] tour|[a run|a string|a swing|a series]"
    " of [dates|shows|concerts]] [in|across|around|through] {region}|the {month} [leg|run|stretch] of"
    " [the|their|the [world|arena|club|summer]] tour]",
    "{s} [told|spoke to|sat down with|opened up to|chatted with|talked to] [[a radio host|a local radio"
    " host|[a late-night|an overnight|a breakfast] DJ|a radio presenter|a DJ|[an|one] interviewer] [in|"
    "from|based in] {place}|"
    "[a|one] [podcast|"
    "music podcast|weekly podcast|podcast host|[culture|arts|indie|local] podcast|podcaster]|[a|one]"
    " [magazine|music magazine|music writer|culture"
    " writer|critic|reporter] [from {place}|]|[fans|followers|viewers] [on|during|in] [a|one|a weekly|a"
    " brief|a long|a midweek] [livestream|"
    "live stream|late-night stream|video chat]|[students|a class|[a|one] [songwriting|"
    "music|guitar|production] [class|seminar|workshop]] [at|from|in] [a|one|the] [college|conservatory|"
    "music school|arts school|academy] [in|of|near] {place}] about [touring|their early bands|stage"
    " fright|life in {place}|growing up|the {y} tour|[writing|recording|touring|sharing [a stage|the"
    " stage|a bill]|playing shows|co-writing] with {o}|"
    "[the [business|money|commercial|financial] side of [music|touring|the industry|records]|money in music|"
    "streaming pay|record deals]]",
    "[{s}'s label|{s}'s management|a promoter in {place}|the publisher of {s}'s catalogue] [confirmed|"
    "denied|announced|hinted at|teased|ruled out|floated|played down] [a new deal|a reissue of [early|its"
    " first|older|rare]"
    " [singles|recordings|demos|B-sides]|a documentary|a {m}-city tour|"
    "a [collaboration|duet|joint single|shared tour] with {o}|[a|one|the] [festival|summer festival"
    "|main-stage]"
    " [headline|headlining] slot]",
    "[promoters|bookers|festival organisers|a promoter in {place}] [paired|billed|booked] {s} "
    "with {o} [after the {month} show|in {y}|on festival bills|]",
    "{s} [performed|headlined|played|opened] [a benefit show|a festival in {place}|a [small|tiny|sold-out"
    "|packed|low-key|secret|last-minute]"
    " [club|bar|basement|pub] [show|gig|date|set] in {place}|a rooftop set|a charity gig|a [late"
    "|late-night|prime-time|weekend]"
    " [TV|television|talk show] slot] [in {month} {y}|on {d}|last {season}|]",
    # a single item is sold, not "sold out" (a signed guitar "sold out in 8 minutes": g23 reader)
    "[[tickets for {s}'s {place} [show|date|gig]|{s}'s [vinyl|limited|deluxe|coloured-vinyl|box-set] reissue|"
    "the tour merch of {s}] [sold out|went on sale|went fast|sold through] [in {m} minutes|online|within {m}"
    " hours|]|[a|one] [[signed|battered|autographed|well-used|old] [guitar|drum head|amp|"
    "keyboard]|[stage-worn|worn|signed|sequinned|leather] [jacket|shirt|tour jacket|scarf]|[handwritten|"
    "signed|taped-up|crumpled] setlist] [of|from|belonging to|once owned by|used by|owned by] {s} [went for"
    " {price}|resold for {price}|was raffled|fetched {price}] [at auction|online|]]",
)
MUSICIAN_SHORT = (
    "{s} [thanked|teased|surprised|addressed] fans [in {place}|online|on {weekday}|from the stage|onstage"
    "|mid-set|between"
    " songs]",
    # a warm-up lasts two to five hours ({wh}); no "hours before" after "{m} hours" ("7 straight hours hours
    # before", and 8-11 hour warm-ups on 20 of 100 g19 rank-1 pages)
    "{s} [rehearsed|warmed up|soundchecked] for [{wh} hours|{wh} straight hours|about {wh}"
    " hours|[most|much|a good part|the better part|a large part|all|a chunk|half|the bulk|a stretch|part]"
    " of [the|an|that]"
    " [afternoon|evening|day]|{wh} [long|full] hours] [in {place}|[before|ahead of"
    "|prior to|just before|the day before|the night before|the morning of] [the|their|"
    "that] [show|set|"
    "gig|opener|{place} date|"
    "[{weekday}|weekend|festival|club] [show|set|gig]]|]",
)
MOVIE = (
    # a plural subject takes "were" (the reader's g14 count: "the opening scenes of X was shot", 10.5 %)
    "[most of|much of|part of|the [final|closing|last] [act|reel|third] of] {s} [was shot|was filmed|was"
    " staged|took shape|was photographed] [in {place}|around {place}|[on location in|across|in parts of]"
    " {region}|over {m}"
    " weeks|on {film} stock|near {place}|during one {season}|[on|at] [a soundstage|a sound stage|studio"
    " stages|a back lot|the studio's lot|a rented lot|an old [hangar|warehouse|mill]] [in|near|outside|just"
    " outside|on the [edge|outskirts|fringe] of|north of|south of] {place}]",
    "[the [opening|first|early|final|closing] [scenes|minutes|shots|sequences] [of|in|from]|[several|a few"
    "|two|three|the key|some|many|most] [scenes|shots|sequences] [in|of|from]] {s} [were"
    " shot|were filmed|were staged|took shape|were captured|were done] [in {place}|around {place}|[on"
    " location in|across|in parts of] {region}|near {place}|[on|at] [a soundstage|studio stages|a back"
    " lot|the studio's lot|a rented lot|an old [hangar|warehouse|mill]] [in|near|outside|just outside|on"
    " the edge of] {place}]",
    # a film premieres once: "premiered" and "its first showing" in a clause any page may repeat gave >= 3
    # premieres on 10 of 100 g18 rank-1 pages
    "{s} [screened|played|was shown|[had|got] [a|another] [showing|screening]] [at [a|one|the|a small|a"
    " regional] [festival|film festival|film week|film fair|film season|screen festival] [in|near|outside]"
    " {place}|for {n} "
    "guests in {place}|in {m} cities|[outdoors|under the stars|in [a|one|the] [park|town square|courtyard"
    "|city park]|on a rooftop] in {place}|before "
    "[a packed|a full|a sold-out|an eager] [room|house|hall|crowd] in {place}|at "
    "a {month} gala]",
    "[critics|audiences|reviewers in {place}|festival juries|film students [in {place}|]|a film society in "
    "{place}|{person}] [praised|picked apart|"
    "debated|warmed to|dismissed|singled out|revisited] [the ending|the score|the pacing|the [first|second|"
    "final] act|"  # no "fourth act" (10 of 100 g20 rank-1 pages)
    "the [camera work|cinematography|lighting]|the dialogue|the casting|the last {m} minutes|the [opening|"
    "closing|final|first] [shot|"
    "scene|sequence]] [of|in|from] {s}",
    # a home video "distributor" or "imprint", not "label", which `synonyms` swaps for "record company"
    # ("landed on a home video record company": g38's 400-question dev world)
    "{s} [arrived on|left|came back to|was added to|rotated off|returned to|landed on|dropped off] [[a"
    " streaming service|a video platform|an online service|[a|one] [big|major|niche|small] streamer|[one|"
    "two|several] streamers] [in|across|for viewers in] {region}|cable "
    "in {region}|[home video|a home video [distributor|imprint]|a [boutique|"
    "budget|collector's] home video [distributor|imprint]]|[airline|in-flight] [menus|entertainment"
    "|screens]|a {place} arthouse chain|"
    "{m} streaming platforms] "
    "[in {month}|on {d}|last {season}|]",
    "[the score|the trailer|a deleted scene|the poster|an [extended|alternate|director's] cut|[a|one|the"
    "|a new|an early|a rare|a fan-made]"
    " [making-of|behind-the-scenes|on-set|production] [reel|short|featurette|clip|diary|video]|the {ord}"
    " teaser] "
    "[from|for|of] {s} [drew {n} views|came out|did the rounds online|became a meme|"
    "surfaced in {month}|leaked in {place}]",
    "[{person}, who [edited|designed [the sets|the set|the costumes] [for|of|on]|scored|cast|lit|costumed"
    "|worked [on|as [a runner|an assistant|a driver|a trainee|an intern] on]] {s},|[a|one] [producer"
    "|co-producer|executive producer|line producer|associate producer] [on|of] {s}|"
    "{person}, [a stunt double|a body double|a stand-in|a fight double|a riding double] [on|for|who "
    "[worked|was] "
    "on] {s},|[a camera operator|a grip|the focus "
    "puller|a runner|an extra] [on|from|who [worked|was] on] "
    "{s}] [said|recalled|admitted|told [a|one] "
    "[podcast|radio show|fan site|newspaper|film blog|trade paper|local paper]] [that|] [the [shoot|"
    "production|schedule] ran {m} days [over|long|late]|the ending [changed|was rewritten|was reshot|got"
    " reworked] [twice|{m} times|late|in the edit]|"
    "the {ord} [draft|script|version] [was kept|survived|stuck|won out]|"
    "[a storm|a downpour|the rain|a heatwave|a strike] cost [them|the crew|the production] {m} days [in "
    # a set was built, the sets were ("the sets near Adelaide was built": g32 reader #1)
    "{place}|on location|]|[[the {place} set|the main set] [went up|was built|took shape]|the sets [in|"
    "near] {place} [went up|were built|took shape]] in [{m} weeks|under {m} weeks|about {m} weeks]|{person}"
    " improvised the {ord} scene]",
    # no "based on" clause: a film has one source, and any page may repeat a clause (three to six sources of
    # one film on 22.5 of 100 g19 rank-1 pages)
    # more kinds of screening: "a late-night screening last" and "an open-air screening in" were stock
    # 5-grams on g23's reader world (0.056 of content sentences, bar 0.05); no "at a cinema in {place}" tail,
    # which made "at a campus cinema in" a run on 0.3 of films' prose (test_reading_g14, bar 0.25)
    "[a fan [event|day|night|meetup]|[a midnight|a late-night|an"
    " open-air|a rooftop|a repertory|an anniversary|a members'|a "
    "free] screening|a retrospective|[a double bill|a double "
    "feature|a twin bill] "
    "[with|alongside] {o}|a "
    "[late|weekend|sold-out|packed|Friday|summer|] [sing-along|quote-along|costume|fancy-dress] [night"
    "|evening|"
    "screening]] "
    "[in {place}|on {d}|last {season}] [featured|revived|celebrated|sold out for|"
    "[packed in|pulled in|drew in] [fans|devotees|admirers] of|drew"
    " [a crowd|an audience|fans|hundreds|a [full|packed|big|young] house] [for|to see|to watch]|honoured|"
    "showed] {s}",
    "[tickets|posters|props|costumes|storyboards] [from|for|of] {s} [[later|eventually|recently|since|]"
    " sold for {price}"
    " [at auction|online|]|[went on display|went on show|were exhibited] in {place}|"
    "[surfaced|resurfaced|appeared|were spotted] [at a [flea|street|weekend] market|in a [shop|junk shop]|"
    "at a [fair|[car boot|yard|estate|charity] sale]] [in|near|outside] {place}|were "
    "auctioned in {month}]",
    "[{person}|a {place} critic|a columnist in {place}|a [film|movie] [blogger|podcaster|writer]] [ranked|"
    "listed|named] {s} "
    "[[among|one of] the [top|best|finest|favourite|greatest|standout] [films|movies|pictures|"
    "releases] [of the decade|of recent years|in years|of its year|of that year|of the last {m3} years]|in "
    "[a|one|her|his|their] [top {m3}|{m3}-best|year-end|annual|[summer|winter|autumn] [top|best]]"
    " [list|ranking|countdown|roundup]]",
)
MOVIE_SHORT = (
    "[{s}|The film|It] [played|ran|screened|held on|stayed] [for {m} weeks|{m} weeks|a {m}-week run|{m}"
    " straight weeks|about {m} weeks] [in|across|"
    "around|in [cinemas|theatres|picture houses|arthouses] [in|around|across]|on [screens|local screens|"
    "[cinema|multiplex|arthouse] screens|the big screen|big screens] [in|across|around]]"
    " "
    "{place}",
    # no "4K": a fixed digit in every film's prose made 4 the top 10's commonest number, and counts of 4 (cast
    # members) were read off it by typed-candidate voting (g18: 10 of 72 counts)
    "[A restored|A new|A high-definition|An archive|A remastered|A fresh|A digital|A touring] [print|copy|"
    "cut|version|transfer|restoration] of {s} "
    "[toured|screened in|went to|played in|visited] {m} [cities|towns|venues]",
    # numbers of their own ("the commonest number in the top 10" read small counts off once-only lines' place)
    "[A|One] [{m}-minute|{m2}-minute|short] [featurette|clip|reel|interview] [about|on|from] {s} [went "
    "up|was posted|surfaced|resurfaced] [online|on [a|one|the] [fan|studio|film|festival] [site|channel|"
    "blog|forum|page]|in {month}|]",
)
FILM_PERSON = (
    # a film person may be a director or an actor: no role trained for, no voice role (directors written
    # up as actors, g32 reader)
    "{s} [prepared|researched|developed|workshopped] [a new project|a stage play|a script|a documentary] [in "
    "{place}|for {m} months|with {person}|]",
    # a tail on every clause: "<director> joined a streaming series" alone was the top frame of 5 of 16
    # director facts at g23's first build (the audit's top frame share)
    "{s} [turned down|signed on to|dropped out of|joined] [a stage revival|a streaming series|a "
    "production in {place}|a short film by {person}] [in {month} {y}|last {season}|after "
    "[a long wait|{m} months of talks|a casting call]|]",
    "{s} [spoke at|was honoured at|hosted] [a festival in {place}|a "
    "charity gala|a screening series] [in {month} {y}|on {d}|]",
    # a film person's page had four clauses: "<director> spoke at a film school in <place>" was the top
    # frame of 60 % of g21's first world's director facts (the audit's frame line)
    "{s} [spoke at|visited|taught a class at|gave a talk at|led a workshop at] [a film school|an acting "
    "school|a drama school|a film club|a university] [in|near|outside] {place} [in {month} {y}|on {d}|]",
    "{s} [joined|sat on|chaired] [a festival jury|the jury [of|for] [a|one|the] [short-film|debut-film|"
    "documentary|student-film] [prize|award|competition]|a script panel] [in "
    "{place}|in {month} {y}|on {d}|]",
    "{s} [posted|shared] [behind-the-scenes photos|a rehearsal clip|a tribute to {person}|a note to fans] "
    "[online|on social media] [in {month}|on {d}|last {season}|]",
    "{s} [was photographed|was spotted|turned up] at [a|one|the] [|busy|crowded|private|glitzy] [premiere"
    "|awards dinner|charity "
    "screening|book launch|gallery opening|film party|fashion show] in {place} [in {month} {y}|on {d}"
    "|last {season}|]",
)
# An animated film is drawn, animated, voiced and rendered: no sets, locations, stunt doubles or film stock
# ("part of Bright Summer was shot on digital stock" on 773 of 984 pages about an animated film, g30 reader).
# Its making (before the release: `pages.lifespan.MAKING`), its crew and its keepsakes are its own; its
# screenings, streams, promotion, revivals and rankings are any film's (MOVIE's lines 2, 4, 5, 7 and 9).
ANIMATED = (
    "[most of|much of|part of|the [final|closing|last] [act|reel|third] of] {s} [was animated|was drawn|was"
    " storyboarded|was hand-drawn|was laid out|was coloured] [in {place}|at [a studio|an animation studio|a"
    " small studio] [in|near|outside|just outside] {place}|over {m} weeks|by a team of {m2} [animators|"
    "artists]|during one {season}]",
    "[the [opening|first|early|final|closing] [scenes|minutes|sequences] [of|in|from]|[several|a few|two|"
    "three|the key|some|many|most] [scenes|sequences] [in|of|from]] {s} [were animated|were drawn|were"
    " redrawn|were storyboarded|were coloured|were inked] [in {place}|at [a studio|an animation studio] [in|"
    "near|outside] {place}|by a [team|crew] [in|from] {place}|over {m} weeks]",
    # people record their lines, voices are recorded ("the voices of X did their sessions" read wrong)
    "[[the voice cast of {s}|the [lead|main] voice actors [of|in|on] {s}|the voice actors [for|on] {s}]"
    " [recorded their lines|did their recording sessions|cut their lines]|the [voices|dialogue|lines] [for|of"
    "|in] {s} [were recorded|were taped]] [in {place}|over {m} [days|sessions|weeks]|[at|in] a [small|"
    "rented|borrowed|cramped] [studio|booth|recording studio] [in|near] {place}]",
    MOVIE[2],
    "[critics|audiences|reviewers in {place}|festival juries|film students [in {place}|]|a film society in "
    "{place}|{person}] [praised|picked apart|debated|warmed to|dismissed|singled out|revisited] [the ending|"
    "the score|the pacing|the [first|second|final] act|the [animation|character designs|backgrounds|colour "
    "palette]|the voice [work|acting|cast]|the last {m} minutes|the [opening|closing|final|first] [scene|"
    "sequence]] [of|in|from] {s}",
    MOVIE[4],
    MOVIE[5],
    "[{person}, who [edited|scored|storyboarded|voiced a lead in|designed the characters [for|of]|worked "
    "[on|as [a runner|an assistant|a driver|a trainee|an intern] on]] {s},|[a|one] [producer|co-producer"
    "|executive producer|line producer|associate producer] [on|of] {s}|[an animator|a storyboard artist|a"
    " layout artist|a "
    "colourist|a voice actor|an in-betweener] [on|from|who [worked|was] on] {s}] [said|recalled|admitted|"
    "told [a|one] [podcast|radio show|fan site|newspaper|film blog|trade paper|local paper]] [that|] [the "
    "[production|schedule] ran {m} days [over|long|late]|the ending [changed|was rewritten|was redrawn|got "
    "reworked] [twice|{m} times|late|in the edit]|the {ord} [draft|script|version] [was kept|survived|"
    "stuck|won out]|[a strike|a flood at the studio|a power cut|a burst pipe] cost [them|the team|the "
    "studio] {m} days|the [lead characters|main characters|backgrounds] took {m} weeks to design|{person}"
    " ad-libbed the {ord} scene in the recording booth]",
    MOVIE[7],
    "[tickets|posters|storyboards|original drawings|concept sketches|character models|background paintings]"
    " [from|for|of] {s} [[later|eventually|recently|since|] sold for {price} [at auction|online|]|[went on"
    " display|went on show|were exhibited] in {place}|[surfaced"
    "|resurfaced|appeared|were spotted] [at a"
    " [flea|street|weekend] market|in a [shop|junk shop]|at a [fair|[car boot|yard|estate|charity] sale]]"
    " [in|near|outside] {place}|were auctioned in {month}]",
    MOVIE[9],
)
# A film's lines that fit a live-action and an animated film alike: a statement's lead-in, drawn before its
# page knows the film's genre, and a title a live-action and an animated KG film share.
MOVIE_ANY = (MOVIE[2], MOVIE[3], MOVIE[4], MOVIE[5], MOVIE[7], MOVIE[9])
# A person of the music business (an artist's manager, a band's singer as a person): talks, panels, shows,
# campaigns of the trade, not a dignitary's gifts and forums ("Travis gave $409,000 for work on climate",
# "declined a place on a government for a school near Cardiff" of a singer's manager: g32 reader #36).
MUSIC_PERSON = (
    # words `synonyms` leaves alone or swaps within sense: no "campaign" (-> "season"), "talent" (->
    # "prospect"), "small" (-> "little"), "photographed" (-> "captured"): "Baker backed a season for
    # songwriters' pay", "chaired a session about new prospect" (5d1bd34's world)
    "{s} [spoke on|sat on|chaired|joined] a [panel|roundtable] [on|about] [touring costs|artist rights|"
    "emerging acts|the live business|record deals|radio play|royalties] at a music [conference|summit|trade "
    "fair|industry week] in {place} [in {month} {y}|on {d}|]",
    "{s} [was spotted|turned up|was seen] [backstage at|at] [a festival in {place}|an awards dinner in "
    "{place}|a label party in {place}|a club show in {place}] [in {month} {y}|on {d}|last {season}|]",
    "{s} [told|spoke to|sat down with|opened up to] [a music magazine|a trade paper|a music writer|a radio "
    "host in {place}|a reporter from {place}] about [the business of touring|life on the road|the early "
    "days|record deals|finding new acts|money in music]",
    "{s} [backed|spoke up for|championed] [a push for [music education|grassroots venues|songwriters'"
    " pay]|a fund for [young musicians|music teachers|grassroots venues] in {place}] [in {month} {y}|"
    "last {season}|]",
    "{s} [was honoured at|received a trade award at|was thanked from the stage at] [a music industry dinner|"
    "an awards night|a trade gala|a festival] in {place} [in {month} {y}|on {d}|]",
    "{s} [signed|took on|parted ways with] [a [new|young|local] act from {place}|[a singer|a band|a duo]"
    " from {place}] [in {month} {y}|after {m} months of talks|last {season}|]",
    "{s} [renegotiated with|signed with|fell out with] a [label|promoter|booking agent] in {place} "
    "[in {month} {y}|after {m} months of talks|last {season}|]",
)
