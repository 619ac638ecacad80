function _m{n}(e,t){var n=e.length;for(var r=0;r<n;r++){if(t(e[r],r)===false)break}return n}
var _cfg{n}={endpoint:"/api/v{n}/track",sample:0.{n},retries:3,timeout:{n}00,flags:["lazy","defer","prefetch"]};
(function(w,d){var s=d.createElement("script");s.async=true;s.src="/static/js/chunk-{n}.js";d.head.appendChild(s)})(window,document);
function _q{n}(sel,root){return Array.prototype.slice.call((root||document).querySelectorAll(sel))}
window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:"view_{n}",section:"main",ts:Date.now()});
var _ab{n}=function(k){try{return JSON.parse(localStorage.getItem("ab_"+k)||"null")}catch(e){return null}};
function _lz{n}(img){if("IntersectionObserver"in window){new IntersectionObserver(function(es,o){es.forEach(function(x){if(x.isIntersecting){x.target.src=x.target.dataset.src;o.unobserve(x.target)}})}).observe(img)}}
__NEXT_DATA__{n}={"props":{"pageProps":{"slot":{n},"layout":"default","ads":{"refresh":30,"lazy":true}}},"page":"/[slug]","buildId":"b{n}"};
function _db{n}(f,ms){var t;return function(){var a=arguments,c=this;clearTimeout(t);t=setTimeout(function(){f.apply(c,a)},ms||{n})}}
googletag.cmd.push(function(){googletag.defineSlot("/{n}/site/leaderboard",[[728,90],[970,250]],"div-gpt-{n}").addService(googletag.pubads())});
