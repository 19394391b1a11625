import { Controller, Get } from "@nestjs/common";

@Controller("cats")
export class CatsController {
  @Get()
  findAll(): string[] {
    return [];
  }
}

export function unusedCatName(): string {
  return "tom";
}
