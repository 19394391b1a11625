import "./counter.js";
