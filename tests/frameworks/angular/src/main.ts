import { bootstrapApplication } from "@angular/platform-browser";
import { ClockComponent } from "./app/clock.component";

bootstrapApplication(ClockComponent);
