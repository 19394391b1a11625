from rest_framework import serializers, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response


class NoteSerializer(serializers.Serializer):
    title = serializers.CharField()

    def validate_title(self, value):
        return value.strip()


class NoteViewSet(viewsets.ViewSet):
    serializer_class = NoteSerializer

    def list(self, request):
        return Response([])

    @action(detail=False, methods=["post"])
    def archive(self, request):
        return Response({"archived": True})


@api_view(["GET"])
@permission_classes([AllowAny])
def ping(request):
    return Response({"ping": "pong"})


@api_view(["GET"])
def forgotten_endpoint(request):
    return Response({})
