"""NestJS: modules, controllers and providers are registered by their decorators (`@Module`,
`@Controller`, `@Injectable`), which the analysis counts as registrations; the lifecycle and
request-pipeline interfaces each declare the one method Nest calls by name (a class implementing
`OnModuleInit` offers `onModuleInit`, and its other methods are the project's own); `nest-cli.json`
names the application's entry file (read with the entry points)."""

from . import BaseRule, Framework

# https://docs.nestjs.com/fundamentals/lifecycle-events and the interfaces of the request pipeline
# (middleware, guards, interceptors, pipes, exception filters, module configuration).
_INTERFACES = {
    "OnModuleInit": "onModuleInit", "OnApplicationBootstrap": "onApplicationBootstrap",
    "OnModuleDestroy": "onModuleDestroy", "BeforeApplicationShutdown": "beforeApplicationShutdown",
    "OnApplicationShutdown": "onApplicationShutdown", "NestMiddleware": "use", "CanActivate": "canActivate",
    "NestInterceptor": "intercept", "PipeTransform": "transform", "ExceptionFilter": "catch",
    "NestModule": "configure",
}

FRAMEWORK = Framework(
    name="NestJS",
    docs="https://docs.nestjs.com/fundamentals/lifecycle-events",
    enabled_by=("@nestjs/core", "file:nest-cli.json"),
    config_files=("nest-cli.json",),
    bases=tuple(BaseRule(interface, hooks=frozenset({method})) for interface, method in _INTERFACES.items()),
    protocol_methods=frozenset(_INTERFACES.values()),
)
