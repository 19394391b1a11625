#!/usr/bin/env node
import { formatAmount } from "../src/format.js";

console.log(formatAmount(3));
