// The host side of an embedded stops example (the snippet loads this beside the iframe).
// The embed page posts its height, {type: "stops-embed-height", height}, whenever its
// content changes size; this sets the height of the iframe that sent it, and of no other.
// A classic script on purpose: a host page loads it from another origin without CORS.
(function () {
  "use strict";
  if (window.stopsEmbedHost) return; // the snippet pasted twice loads this once
  window.stopsEmbedHost = true;
  var MAX_HEIGHT = 20000;
  function frames() {
    return document.querySelectorAll("iframe[data-stops-embed]");
  }
  function fit() {
    var list = frames();
    for (var i = 0; i < list.length; i += 1) list[i].style.border = "0";
  }
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "stops-embed-height") return;
    var height = Number(data.height);
    if (!isFinite(height) || height <= 0) return;
    var list = frames();
    for (var i = 0; i < list.length; i += 1) {
      var frame = list[i];
      if (frame.contentWindow !== event.source) continue;
      var origin;
      try {
        origin = new URL(frame.src, document.baseURI).origin;
      } catch (error) {
        continue;
      }
      if (origin !== event.origin) continue; // only the page the iframe was given
      frame.style.border = "0";
      frame.style.height = Math.min(Math.ceil(height), MAX_HEIGHT) + "px";
    }
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fit);
  else fit();
})();
