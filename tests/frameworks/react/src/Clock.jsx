import React from "react";

export class Clock extends React.Component {
  state = { now: 0 };

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

  handleReset() {
    this.setState({ now: 0 });
  }

  formatLegacy() {
    return "never called";
  }

  render() {
    return <button onClick={this.handleReset}>{this.state.now}</button>;
  }
}

function formatTime(value) {
  return String(value);
}
