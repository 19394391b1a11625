import { Component, OnDestroy, OnInit } from "@angular/core";

@Component({ selector: "app-clock", template: "<span>{{ now }}</span>" })
export class ClockComponent implements OnInit, OnDestroy {
  now = 0;

  ngOnInit(): void {
    this.now = Date.now();
  }

  ngOnDestroy(): void {
    this.now = 0;
  }

  resetClock(): void {
    this.now = 0;
  }
}
