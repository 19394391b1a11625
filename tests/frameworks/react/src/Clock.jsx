import React from "react";

export class Clock extends React.Component {
  componentDidMount() {
    this.timer = setInterval(() => this.tick(), 1000);
  }

  componentWillUnmount() {
    clearInterval(this.timer);
  }

  shouldComponentUpdate() {
    return true;
  }

  tick() {
    this.setState({ now: Date.now() });
  }

  render() {
    return <span>{this.state.now}</span>;
  }
}

function formatTime(value) {
  return String(value);
}
