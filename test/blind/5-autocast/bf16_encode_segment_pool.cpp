// scenario: encodes document chunks under CPU bfloat16 autocast and pools chunk embeddings per document into a float32 index
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct ChunkEncoderImpl : torch::nn::Module {
  ChunkEncoderImpl(int64_t vocab, int64_t dim)
      : embed(register_module("embed", torch::nn::EmbeddingBag(
                  torch::nn::EmbeddingBagOptions(vocab, dim).mode(torch::kMean)))),
        proj(register_module("proj", torch::nn::Linear(dim, dim))) {}

  torch::Tensor forward(const torch::Tensor &tokens) {
    return proj->forward(embed->forward(tokens));
  }

  torch::nn::EmbeddingBag embed;
  torch::nn::Linear proj;
};
TORCH_MODULE(ChunkEncoder);

int main() {
  torch::manual_seed(27);
  const int64_t vocab = 1000, dim = 32, chunks = 24, chunk_len = 16, docs = 5;

  ChunkEncoder encoder(vocab, dim);
  encoder->eval();
  auto tokens = torch::randint(0, vocab, {chunks, chunk_len}, torch::kLong);
  auto doc_of_chunk = torch::arange(chunks, torch::kLong).remainder(docs);
  auto title_vectors = torch::randn({docs, dim});

  auto doc_index = torch::zeros({docs, dim});
  auto chunk_counts = torch::zeros({docs}, torch::kLong);
  torch::Tensor recon_error, with_titles, ordered;

  torch::NoGradGuard no_grad;
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  {
    auto chunk_emb = encoder->forward(tokens);
    doc_index.index_add_(0, doc_of_chunk, chunk_emb.to(doc_index.scalar_type()));
    chunk_counts.index_add_(0, doc_of_chunk, torch::ones_like(doc_of_chunk));

    // keep a copy of the first chunks in document order for the preview pane
    ordered = torch::zeros({docs, dim}).index_copy(0, torch::arange(docs, torch::kLong),
                                                   chunk_emb.narrow(0, 0, docs));
    with_titles = torch::cat({title_vectors, chunk_emb.narrow(0, 0, docs)}, 1);

    auto recon = encoder->proj->forward(chunk_emb);
    recon_error = torch::mse_loss(recon, chunk_emb.to(torch::kFloat));
  }
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  doc_index /= chunk_counts.unsqueeze(1);
  auto normed = torch::nn::functional::normalize(doc_index, torch::nn::functional::NormalizeFuncOptions().dim(1));
  auto sims = torch::mm(normed, normed.t());

  std::cout << "doc index " << doc_index.sizes() << " " << doc_index.dtype()
            << ", preview " << ordered.dtype() << ", titled " << with_titles.sizes()
            << " " << with_titles.dtype() << ", recon mse " << recon_error.item<float>() << "\n";

  if (doc_index.scalar_type() != torch::kFloat || ordered.scalar_type() != torch::kFloat)
    return 1;
  if (!torch::allclose(sims.diagonal(), torch::ones({docs}), 1e-4, 1e-4))
    return 1;
  return chunk_counts.sum().item<int64_t>() == chunks ? 0 : 1;
}
