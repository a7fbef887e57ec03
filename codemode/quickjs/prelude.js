// The prelude: run in each new runtime before the program. It takes the
// host function the runner registered off the global object, defines the
// tools, console, the pinned clock and random source, and returns the
// driver that runs the program. Everything the tools and the driver use is
// taken here, before the program runs, so that a program that replaces
// JSON, a prototype's method or a global changes only what it sees itself.
(function (config) {
  "use strict";
  const host = globalThis.__codemode_host;
  delete globalThis.__codemode_host;
  const {parse, stringify} = JSON;
  const apply = Reflect.apply, defineProperty = Object.defineProperty;
  const keys = Object.keys, create = Object.create, setPrototypeOf = Object.setPrototypeOf;
  const isArray = Array.isArray, StringOf = String, ErrorOf = Error, TypeErrorOf = TypeError;
  const objectToString = Object.prototype.toString, imul = Math.imul;
  const PromiseOf = Promise, resolve = Promise.resolve, reject = Promise.reject, then = Promise.prototype.then;
  const resolved = (v) => apply(resolve, PromiseOf, [v]), rejected = (e) => apply(reject, PromiseOf, [e]);
  const RealDate = Date, getTime = Date.prototype.getTime, toISOString = Date.prototype.toISOString;
  const {now, seed, tools} = parse(config);

  // data copies what a program hands over (a tool's arguments, its
  // result, a logged value) into objects and arrays with no prototype,
  // so that stringify calls no toJSON but a Date's: the host gets the
  // data the program passed, whatever it did to the prototypes.
  function data(v, depth) {
    if (typeof v === "bigint") throw new TypeErrorOf("a BigInt cannot be JSON");
    if (typeof v === "function" || typeof v === "symbol") return undefined;
    if (typeof v !== "object" || v === null) return v;
    if (depth > 100) throw new TypeErrorOf("a value nested over 100 deep, or that holds itself, cannot be JSON");
    if (apply(objectToString, v, []) === "[object Date]") {
      const t = apply(getTime, v, []);
      return t === t ? apply(toISOString, v, []) : null;
    }
    const out = isArray(v) ? [] : {};
    setPrototypeOf(out, null);
    if (isArray(v)) {
      for (let i = 0; i < v.length; i++) out[i] = data(v[i], depth + 1);
      return out;
    }
    const ks = keys(v);
    for (let i = 0; i < ks.length; i++) out[ks[i]] = data(v[ks[i]], depth + 1);
    return out;
  }
  const json = (v) => stringify(data(v, 0));

  // Each tool is a global function that calls the host when it is called,
  // and returns a promise of the host's answer.
  for (let i = 0; i < tools.length; i++) {
    const name = tools[i][0], ident = tools[i][1];
    const tool = function (args) {
      let text;
      try {
        if (args === undefined) args = {};
        if (typeof args !== "object" || args === null || isArray(args)) {
          throw new TypeErrorOf(ident + " takes one object argument");
        }
        text = json(args);
      } catch (e) {
        return rejected(e);
      }
      const answer = host("call", name, text);
      if (typeof answer !== "string") return rejected(new ErrorOf(answer.message));
      try {
        return resolved(parse(answer));
      } catch (e) {
        return rejected(e);
      }
    };
    defineProperty(tool, "name", {value: ident});
    defineProperty(globalThis, ident, {value: tool, enumerable: true});
  }

  const show = (v) => {
    if (typeof v === "string") return v;
    if (v instanceof ErrorOf) return StringOf(v);
    try {
      const text = json(v);
      if (typeof text === "string") return text;
    } catch {
      // not JSON: as String shows it
    }
    return StringOf(v);
  };
  const log = function (...args) {
    let line = "";
    for (let i = 0; i < args.length; i++) line += (i > 0 ? " " : "") + show(args[i]);
    host("log", line);
  };
  defineProperty(globalThis, "console", {value: {log, info: log, warn: log, error: log}, writable: true, configurable: true});

  pinRandom(seed);
  pinDate(now);

  // mulberry32: a small seeded generator, the same numbers each run.
  function pinRandom(seed) {
    let s = seed >>> 0;
    Math.random = function random() {
      s = (s + 0x6D2B79F5) >>> 0;
      let t = imul(s ^ (s >>> 15), 1 | s);
      t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  // pinDate makes Date() and new Date() the pinned clock, and local time
  // UTC: the host's time zone is neither shown nor used.
  function pinDate(now) {
    const P = RealDate.prototype, UTC = RealDate.UTC, toUTCString = P.toUTCString;
    const realParse = RealDate.parse, hostOffset = P.getTimezoneOffset;
    // A date string with no zone is local time: UTC here, not the host's.
    const zoned = /(?:Z|[+-]\d\d(?::?\d\d)?|GMT|UTC|UT)(?:\s*\(.*\))?$|^[+-]?\d{4,6}(?:-\d\d){0,2}$/i;
    const parse = (s) => {
      s = StringOf(s);
      const t = realParse(s);
      return t !== t || zoned.test(s) ? t : t - apply(hostOffset, new RealDate(t), []) * 60000;
    };
    function Date(...args) {
      if (!new.target) return new RealDate(now).toString();
      if (args.length === 0) return new RealDate(now);
      if (args.length > 1) return new RealDate(UTC(...args));
      return new RealDate(typeof args[0] === "string" ? parse(args[0]) : args[0]);
    }
    Date.prototype = P;
    Date.now = () => now;
    Date.parse = parse;
    Date.UTC = UTC;
    defineProperty(P, "constructor", {value: Date, writable: true, configurable: true});
    for (const n of ["FullYear", "Month", "Date", "Day", "Hours", "Minutes", "Seconds", "Milliseconds"]) {
      P["get" + n] = P["getUTC" + n];
      if (n !== "Day") P["set" + n] = P["setUTC" + n];
    }
    P.getTimezoneOffset = () => 0;
    // toUTCString: "Fri, 02 Jan 2026 03:04:05 GMT"; toString: "Fri Jan 02 2026 03:04:05 GMT+0000".
    P.toString = P.toLocaleString = function toString() {
      const s = apply(toUTCString, this, []);
      if (s === "Invalid Date") return s;
      return s.slice(0, 3) + " " + s.slice(8, 11) + " " + s.slice(5, 7) + " " + s.slice(12, -4) + " GMT+0000";
    };
    P.toDateString = P.toLocaleDateString = function toDateString() {
      const s = apply(P.toString, this, []);
      return s === "Invalid Date" ? s : s.slice(0, 15);
    };
    P.toTimeString = P.toLocaleTimeString = function toTimeString() {
      const s = apply(P.toString, this, []);
      return s === "Invalid Date" ? s : s.slice(16);
    };
    globalThis.Date = Date;
  }

  // The driver: runs the program's function and hands the host its
  // result's JSON or its failure, once the promise settles.
  const describe = (e) => {
    try {
      return StringOf(e);
    } catch {
      return "an exception that cannot be shown";
    }
  };
  const stackOf = (e) => {
    try {
      const s = e !== null && (typeof e === "object" || typeof e === "function") ? e.stack : undefined;
      return typeof s === "string" ? s : "";
    } catch {
      return "";
    }
  };
  const fail = (e) => host("fail", describe(e), stackOf(e));
  const done = (v) => {
    let text;
    try {
      text = json(v);
    } catch (e) {
      host("fail", "the program's result cannot be JSON: " + describe(e), stackOf(e));
      return;
    }
    host("done", text === undefined ? "null" : text);
  };
  return function run(main) {
    apply(then, main(), [done, fail]);
  };
})
