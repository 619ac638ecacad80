"""What a song, artist, band, film or film person's page talks about.

A song is heard, charted, covered, licensed and remixed (it does not give interviews); an artist or band
records, tours and talks; a film is shot, screened, reviewed and streamed. Nothing states an asked attribute
(chart positions, weeks on chart, album counts, Grammys, birth, country, debut, release dates, grosses,
ratings, budgets, runtimes, directors, cast, Oscars): those come only from `statements`.
"""

from __future__ import annotations

SONG = (
    "[{s}|the track|the single|the song] [picked up|lost|regained|held] [airplay|momentum|its spot on "
    "playlists|club rotation|radio support] [in {region}|in {place}|after the video dropped|over the "
    "{season}|in {month}|once [TikTok users|streamers|a DJ in {place}] found it|after a [viral clip|TV"
    " spot]|]",
    "[a remix of {s}|an acoustic take on {s}|a slowed edit of {s}|a live version of {s}|{s}'s "
    "video] [was released|drew {n} views|leaked|was pulled|went viral|racked up {n} streams] [in {month}|"
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
    " line|riff|melody|drum part] [came from|started on|was worked out on] [a {y} synth|an old [piano|drum"
    " machine|four-track]|a borrowed guitar]]",
    "[{s}|the track] [is built on|opens with|leans on|closes with|is carried by] [a looped piano figure|a "
    "muted guitar riff|a sample from a {y} soul record|a {bpm} bpm beat|a choir of {m} voices|a "
    "whistled hook|a long synth pad]",
    "[a cover of {s} by {o}|a parody of {s}|a mashup of {s} and a {y} hit|a choir arrangement of {s}] "
    "[went viral|drew {n} views|was performed on live television|charted in {place}|was taken down]",
)
SONG_SHORT = (
    "[{s}|The track] [runs just over|lasts about|clocks in near] {m} minutes",
    "[Streams|Downloads|Shazam searches] for {s} [rose|spiked|doubled|fell off] in {month}",
)
MUSICIAN = (
    "{s} [recorded|finished|shelved|started|mixed] [new material|a covers record|an EP|a batch of demos|"
    "a live album] [in {place}|with {person}|over {m} weeks|in a converted [barn|chapel|garage]|[at a|in a"
    " rented|at a friend's] studio [in|outside|near] {place}|]",
    "{s} [added|cancelled|postponed|sold out|rescheduled] [{m} shows|a residency in {place}|the {place} "
    "date|a festival slot|[an arena run|a [theatre|club|stadium] tour|a run of dates] [in|across] {region}"
    "|the {month} leg of the tour]",
    "{s} [told|spoke to|sat down with|opened up to|chatted with] [[a radio host|a local radio host|a"
    " late-night DJ|a radio presenter|a DJ] in {place}|a [podcast|music podcast|weekly podcast|podcast host]"
    "|a [magazine|music magazine|music writer]|fans on a livestream|[students|a class|a songwriting class]"
    " [at|from] a [college|conservatory|music school] in {place}] about [touring|their early bands|stage"
    " fright|{place}|growing up [near|in|outside] {place}|the {y} tour|writing with {o}|[the business side"
    " of [music|touring|the industry]|money in music|streaming pay|record deals]]",
    "[{s}'s label|{s}'s management|a promoter in {place}|the publisher of {s}'s catalogue] [confirmed|"
    "denied|announced|hinted at] [a new deal|a reissue of [early|its first|older|rare]"
    " [singles|recordings|demos|B-sides]|a documentary|a {m}-city tour|"
    "a [collaboration|duet|joint single|shared tour] with {o}|a festival headline slot]",
    "[promoters|bookers|festival organisers|a promoter in {place}] [paired|billed|booked] {s} "
    "with {o} [after the {month} show|in {y}|on festival bills|]",
    "{s} [performed|headlined|played|opened] [a benefit show|a festival in {place}|a small club in "
    "{place}|a rooftop set|a charity gig|a [late|Saturday|Sunday|{weekday}] [TV|television|talk show] "
    "slot] [in {month} {y}|on {d}|last {season}|]",
    "[tickets for {s}'s {place} show|{s}'s vinyl reissue|the tour merch of {s}|a [signed guitar|stage-worn"
    " jacket|handwritten setlist|signed drum head] [of|from|belonging to] {s}] "
    "[sold out|went for {price}|resold for {price}|was raffled] [in {m} minutes|at auction|online|]",
)
MUSICIAN_SHORT = (
    "{s} [thanked|teased|surprised|addressed] fans [in {place}|online|on {weekday}|from the stage]",
    "{s} [rehearsed|warmed up|soundchecked] for [{m} hours|{m} straight hours|about {m}"
    " hours] [in {place}|[before|ahead of] [the show|the set|the gig|the opener]|]",
)
MOVIE = (
    # a plural subject takes "were" (the reader's g14 count: "the opening scenes of X was shot", 10.5 %)
    "[most of|much of|part of|the [final|closing|last] [act|reel|third] of] {s} [was shot|was filmed|was"
    " staged|took shape|was photographed] [in {place}|around {place}|[on location in|across|in parts of]"
    " {region}|over {m}"
    " weeks|on {film} stock|near {place}|during one {season}|on [a soundstage|a sound stage|studio stages|a"
    " back lot] [in|near|outside] {place}]",
    "[the opening [scenes|minutes|shots] [of|in]|[several|a few|two|the key] scenes [in|of]] {s} [were"
    " shot|were filmed|were staged|took shape] [in {place}|around {place}|[on location in|across|in parts"
    " of] {region}|near"
    " {place}|on [a soundstage|studio stages|a back lot] [in|near|outside] {place}]",
    "{s} [screened|premiered|played|[had|got] its [first|earliest|debut] [showing|screening]|opened] [at a "
    "festival in {place}|for {n} "
    "guests in {place}|in {m} cities|[outdoors|under the stars|in a park|on a rooftop] in {place}|before "
    "[a packed|a full|a sold-out|an eager] [room|house|hall|crowd] in {place}|at "
    "a {month} gala]",
    "[critics|audiences|reviewers in {place}|festival juries|film students|{person}] [praised|picked apart|"
    "debated|warmed to|dismissed|singled out|revisited] [the ending|the score|the pacing|the {ord} act|"
    "the camera work|the dialogue|the casting|the last {m} minutes|the [opening|closing|final|first] [shot|"
    "scene|sequence]] [of|in|from] {s}",
    "{s} [arrived on|left|came back to|was added to|rotated off|returned to|landed on|dropped off] [[a"
    " streaming service|a video"
    " platform|an online service] in {region}|cable "
    "in {region}|home video|airline menus|a {place} arthouse chain|{m} streaming platforms] "
    "[in {month}|on {d}|last {season}|]",
    "[the score|the trailer|a deleted scene|the poster|an [extended|alternate|director's] cut|a"
    " making-of [reel|short|featurette]|the {ord} teaser] "
    "[from|for|of] {s} [drew {n} views|came out|did the rounds online|became a meme|"
    "surfaced in {month}|leaked in {place}]",
    "[{person}, who [edited|designed the sets for|scored|cast|lit|costumed] {s},|a producer on {s}|"
    "{person}, [a stunt double|a body double|a stand-in] [on|for] {s},|[a camera operator|a grip|the focus "
    "puller|a runner|an extra] [on|from|who worked on] "
    "{s}] [said|recalled|admitted|told [a|one] "
    "[podcast|radio show|fan site|newspaper|film blog|trade paper|local paper]] [that|] [the [shoot|"
    "production|schedule] ran {m} days [over|long|late]|the ending [changed|was rewritten|was reshot|got"
    " reworked] [twice|{m} times|late|in the edit]|"
    "the {ord} [draft|script|version] [was kept|survived|stuck|won out]|"
    "[a storm|a downpour|the rain|a heatwave|a strike] cost [them|the crew|the production] {m} days [in "
    "{place}|on location|]|the {place} set went up in {m} weeks|{person} improvised "
    "the {ord} scene]",
    "{s} [draws on|borrows from|reworks|nods to|loosely adapts|is based on|updates] [a"
    " novel|a [true|real-life|forgotten|local] story [from|set in] {place}|a [radio play|stage play|short"
    " story|comic] [from|written in|first aired in] {y}|a [folk tale|legend|fable|myth] [from|told in]"
    " {region}|an old [thriller|noir|western|serial]|a memoir by {person}]",
    "[a fan event|a midnight screening|a retrospective|[a double bill|a double feature|a twin bill] "
    "[with|alongside] {o}|a "
    "[sing-along|quote-along|costume] [night|evening|screening]] "
    "[in {place}|on {d}|last {season}] [featured|revived|celebrated|sold out for|packed in fans of|drew a"
    " crowd for|honoured|showed] {s}",
    "[tickets|posters|props|costumes|a storyboard] from {s} [sold for {price}|went on display in {place}|"
    "[surfaced|resurfaced|appeared|were spotted] [at a [flea|street|weekend] market|in a [shop|junk shop]|"
    "at a [fair|[car boot|yard|estate|charity] sale]] [in|near|outside] {place}|were "
    "auctioned in {month}]",
    "[{person}|a {place} critic|a columnist in {place}|a [film|movie] [blogger|podcaster|writer]] [ranked|"
    "listed|named] {s} "
    "[[among|one of] [the|its|their] [top|best|finest|favourite] [films|movies] [of the decade|of"
    " recent years|in years]|in "
    "[a|one] [top {m}|{m}-best|year-end] [list|ranking|countdown]|as [a sleeper|an "
    "overlooked|a quiet] "
    "[hit|success|favourite]]",
)
MOVIE_SHORT = (
    "[{s}|The film|It] [played|ran|screened|held on|stayed] [for {m} weeks|{m} weeks|a {m}-week run|{m}"
    " straight weeks|about {m} weeks] [in|across|"
    "around|in [cinemas|theatres|picture houses|arthouses] [in|around|across]|on [screens|cinema screens"
    "|the big screen] in] "
    "{place}",
    "[A restored|A new|A 4K|An archive|A remastered|A fresh] [print|copy|cut|version|transfer] of {s} "
    "[toured|screened in|went to|played in|visited] {m} [cities|towns|venues]",
)
FILM_PERSON = (
    "{s} [trained for|prepared for|researched|auditioned for] [a role|a part|a stage play] [in {place}|"
    "for {m} months|with {person}|]",
    "{s} [turned down|signed on to|dropped out of|joined] [a stage revival|a streaming series|a "
    "production in {place}|a voice role|a short film by {person}]",
    "{s} [spoke at|was honoured at|hosted|judged] [a festival in {place}|a film school in {place}|a "
    "charity gala|a screening series] [in {month} {y}|on {d}|]",
)
