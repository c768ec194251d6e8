// scenario: char-level LM generation with top-k sampling and a repetition penalty; int32 prompt ids meet int64 topk/multinomial indices
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

class CharTokenizer {
public:
  CharTokenizer() {
    for (char c = 'a'; c <= 'z'; ++c)
      alphabet_.push_back(c);
    alphabet_ += " .";
  }
  int64_t vocabSize() const { return static_cast<int64_t>(alphabet_.size()); }
  std::vector<int32_t> encode(const std::string &s) const {
    std::vector<int32_t> ids;
    for (char c : s) {
      auto pos = alphabet_.find(c);
      ids.push_back(pos == std::string::npos ? static_cast<int32_t>(alphabet_.size() - 2)
                                             : static_cast<int32_t>(pos));
    }
    return ids;
  }
  std::string decode(const torch::Tensor &ids) const {
    std::string out;
    auto acc = ids.to(torch::kLong).contiguous();
    for (int64_t i = 0; i < acc.numel(); ++i)
      out.push_back(alphabet_[static_cast<size_t>(acc[i].item<int64_t>())]);
    return out;
  }

private:
  std::string alphabet_;
};

struct TinyLm : torch::nn::Module {
  explicit TinyLm(int64_t vocab) {
    embed = register_module("embed", torch::nn::Embedding(vocab, 32));
    rnn = register_module("rnn", torch::nn::GRU(torch::nn::GRUOptions(32, 48).batch_first(true)));
    head = register_module("head", torch::nn::Linear(48, vocab));
  }
  // ids: [1, T] int32 or int64; returns next-token logits [1, vocab].
  torch::Tensor nextLogits(const torch::Tensor &ids) {
    auto out = std::get<0>(rnn->forward(embed->forward(ids)));
    return head->forward(out.select(1, -1));
  }
  torch::nn::Embedding embed{nullptr};
  torch::nn::GRU rnn{nullptr};
  torch::nn::Linear head{nullptr};
};

// Penalise tokens already emitted (CTRL-style), in place on the logits.
void applyRepetitionPenalty(torch::Tensor &logits, const torch::Tensor &history, double penalty) {
  torch::Tensor idx = history.to(torch::kLong).view({1, -1});
  torch::Tensor prev = logits.gather(1, idx);
  torch::Tensor penalised = torch::where(prev > 0, prev / penalty, prev * penalty);
  logits.scatter_(1, idx, penalised);
}

// Returns the sampled token id as an int64 tensor of shape [1, 1].
torch::Tensor sampleTopK(const torch::Tensor &logits, int64_t k, double temperature) {
  auto top = (logits / temperature).topk(k, /*dim=*/-1);
  torch::Tensor probs = torch::softmax(std::get<0>(top), -1);
  torch::Tensor choice = torch::multinomial(probs, 1);       // position within the top-k
  return std::get<1>(top).gather(-1, choice);                 // vocabulary id
}

torch::Tensor generate(TinyLm &lm, const CharTokenizer &tok, const std::string &prompt,
                       int64_t new_tokens, int64_t k) {
  std::vector<int32_t> ids = tok.encode(prompt);
  torch::Tensor seq = torch::from_blob(ids.data(), {1, static_cast<int64_t>(ids.size())},
                                       torch::kInt32).clone();
  for (int64_t step = 0; step < new_tokens; ++step) {
    torch::Tensor logits = lm.nextLogits(seq);
    applyRepetitionPenalty(logits, seq, 1.3);
    torch::Tensor next = sampleTopK(logits, k, 0.8);
    seq = torch::cat({seq, next.to(seq.scalar_type())}, 1);
  }
  return seq;
}

} // namespace

int main() {
  torch::manual_seed(42);
  CharTokenizer tok;
  TinyLm lm(tok.vocabSize());
  lm.eval();
  torch::NoGradGuard no_grad;

  torch::Tensor out = generate(lm, tok, "the cat ", 12, 5);
  std::cout << "sample: \"" << tok.decode(out.squeeze(0)) << "\"\n";
  return out.scalar_type() == torch::kInt && out.size(1) == 20 ? 0 : 1;
}
