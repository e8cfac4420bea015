"""The bot API: programs play over ``ssh -T host bot`` in JSON Lines (docs/bot-api.md).

``protocol`` parses request lines and writes replies (pure); ``link`` runs one
bot's requests against the lobby contract and pushes its messages. The SSH
channel glue is ``server.bot_session``; nothing here imports asyncssh.
"""
