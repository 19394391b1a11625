import { Module, OnModuleInit } from "@nestjs/common";
import { CatsController } from "./cats.controller";

@Module({ controllers: [CatsController] })
export class AppModule implements OnModuleInit {
  onModuleInit(): void {
    console.log("ready");
  }

  describeModule(): string {
    return "app";
  }
}
