// The garbage branch of the statement grammar (statement-grammar.ts): the most probable words of the recogniser's own
// general language model (Debian's pocketsphinx-en-us, en-us.lm.bin), with their unigram log10 probabilities, so
// that speech other than the statement is absorbed by words a person commonly says rather than forced onto the
// statement's words. Derived once, at development time, from the model file (sphinx_lm_convert is not needed at run
// time): the 300 highest unigrams that are in the pronouncing dictionary, sentence marks left out:
//   sphinx_lm_convert -i /usr/share/pocketsphinx/model/en-us/en-us.lm.bin -o en-us.arpa -ofmt arpa
//   awk '/\\1-grams:/{f=1;next} /\\2-grams:/{f=0} f && NF>=2 {print $1, $2}' en-us.arpa | sort -g -r | grep -v '<'
// (the converter stops with an assertion in the bigrams of this model; the unigrams are written before it).
const WORDS = `
the:-1.3895 to:-1.6016 i:-1.6200 and:-1.6233 a:-1.6510 of:-1.7412 you:-1.7542 that:-1.8436 in:-1.8444 it:-1.8856
is:-1.9628 for:-2.0923 but:-2.1530 know:-2.1542 was:-2.1567 have:-2.1614 they:-2.1921 on:-2.1956 like:-2.2025
be:-2.2212 not:-2.2654 it's:-2.2656 so:-2.2660 with:-2.2673 are:-2.2698 one:-2.2806 this:-2.2876 yeah:-2.3007
he:-2.3007 just:-2.3385 my:-2.3451 we:-2.3461 as:-2.3670 what:-2.3700 if:-2.3846 do:-2.3961 at:-2.4065
or:-2.4124 don't:-2.4138 about:-2.4630 i'm:-2.4682 all:-2.4723 think:-2.4951 there:-2.5059 would:-2.5240
from:-2.5266 two:-2.5279 me:-2.5324 people:-2.5372 can:-2.5397 your:-2.5442 get:-2.5525 out:-2.5559 no:-2.5608
that's:-2.5635 said:-2.5655 up:-2.5711 more:-2.5829 when:-2.5836 an:-2.6104 had:-2.6129 right:-2.6136
well:-2.6137 hundred:-2.6325 really:-2.6330 has:-2.6365 thousand:-2.6369 will:-2.6387 oh:-2.6649 because:-2.6703
how:-2.6727 time:-2.6742 them:-2.6831 she:-2.6836 been:-2.6837 by:-2.6960 some:-2.6977 who:-2.6984 their:-2.6992
his:-2.7032 were:-2.7061 now:-2.7085 then:-2.7241 go:-2.7304 good:-2.7478 mean:-2.7816 than:-2.7884
going:-2.8031 her:-2.8118 see:-2.8210 could:-2.8326 much:-2.8346 other:-2.8393 you're:-2.8498 five:-2.8518
got:-2.8534 three:-2.8574 even:-2.8576 too:-2.8602 only:-2.8678 want:-2.8761 did:-2.8809 him:-2.8810
something:-2.8829 where:-2.8830 very:-2.8830 here:-2.8833 way:-2.8864 which:-2.8869 nine:-2.8890 lot:-2.8939
make:-2.9014 say:-2.9166 first:-2.9253 years:-2.9256 back:-2.9284 any:-2.9286 new:-2.9315 our:-2.9348
also:-2.9368 over:-2.9458 into:-2.9538 ah:-2.9597 i've:-2.9613 they're:-2.9631 year:-2.9663 thing:-2.9785
still:-2.9877 four:-2.9927 should:-2.9943 work:-2.9963 things:-3.0008 those:-3.0028 take:-3.0049 us:-3.0071
most:-3.0193 didn't:-3.0198 why:-3.0208 these:-3.0236 never:-3.0266 twenty:-3.0293 there's:-3.0301 need:-3.0388
after:-3.0400 being:-3.0425 can't:-3.0452 okay:-3.0516 little:-3.0525 down:-3.0569 kind:-3.0612 point:-3.0634
actually:-3.0682 many:-3.0687 day:-3.0697 off:-3.0803 come:-3.0826 same:-3.0861 six:-3.0989 before:-3.1042
last:-3.1096 he's:-3.1225 look:-3.1250 sure:-3.1261 eight:-3.1324 money:-3.1442 doing:-3.1444 pretty:-3.1480
around:-3.1498 seven:-3.1557 always:-3.1566 guess:-3.1598 life:-3.1623 dollars:-3.1623 long:-3.1636 yes:-3.1640
better:-3.1683 probably:-3.1694 every:-3.1743 we're:-3.1753 world:-3.1755 does:-3.1818 anything:-3.1823
maybe:-3.1876 school:-3.1974 great:-3.2016 find:-3.2031 doesn't:-3.2035 though:-3.2056 made:-3.2075 big:-3.2075
feel:-3.2127 through:-3.2135 thirty:-3.2220 cause:-3.2236 game:-3.2252 old:-3.2264 put:-3.2328 use:-3.2347
different:-3.2357 stuff:-3.2364 ten:-3.2366 home:-3.2369 may:-3.2378 might:-3.2381 used:-3.2385 am:-3.2412
thought:-3.2448 while:-3.2514 best:-3.2517 since:-3.2553 man:-3.2558 love:-3.2559 own:-3.2602 getting:-3.2611
another:-3.2696 fifty:-3.2729 few:-3.2730 bad:-3.2776 give:-3.2801 part:-3.2811 percent:-3.2832 live:-3.2884
family:-3.2886 i'll:-3.2907 tell:-3.2978 ever:-3.2991 gonna:-3.2992 again:-3.3017 went:-3.3018 someone:-3.3046
help:-3.3060 i'd:-3.3109 keep:-3.3190 everything:-3.3198 try:-3.3214 play:-3.3214 hard:-3.3230 done:-3.3234
enough:-3.3277 trying:-3.3315 next:-3.3316 end:-3.3352 away:-3.3372 its:-3.3381 place:-3.3421 far:-3.3444
forty:-3.3569 talk:-3.3591 ninety:-3.3609 both:-3.3609 real:-3.3629 says:-3.3650 country:-3.3653 kids:-3.3682
times:-3.3715 least:-3.3721 person:-3.3734 bit:-3.3751 such:-3.3755 million:-3.3812 high:-3.3816 exactly:-3.3821
what's:-3.3833 isn't:-3.3854 told:-3.3869 nothing:-3.3889 friends:-3.3911 believe:-3.3916 let:-3.3920
call:-3.3930 having:-3.3956 able:-3.3962 show:-3.3969 else:-3.3972 watch:-3.3982 job:-3.4007 ago:-3.4007
nice:-3.4017 start:-3.4020 once:-3.4052 whole:-3.4061 house:-3.4086 government:-3.4095 problem:-3.4097
looking:-3.4166 change:-3.4188 children:-3.4229 each:-3.4237 without:-3.4290 days:-3.4336 found:-3.4342
true:-3.4364 saying:-3.4390 between:-3.4405 less:-3.4453 week:-3.4457 she's:-3.4464 seen:-3.4468 already:-3.4482
wouldn't:-3.4506
`;

/** The garbage words, most probable first, with their log10 unigram probability in the general model. */
export const COMMON_WORDS: readonly { word: string; log10: number }[] = WORDS.trim()
  .split(/\s+/)
  .map((item) => {
    const colon = item.lastIndexOf(":");
    return { word: item.slice(0, colon), log10: Number(item.slice(colon + 1)) };
  });
