import React from "react";
import { Clock } from "./Clock.jsx";

export default function App() {
  return <Clock />;
}
